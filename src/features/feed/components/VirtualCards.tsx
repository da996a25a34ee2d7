import { useCallback, useMemo, type ReactNode } from 'react';
import {
  observeWindowOffset,
  useWindowVirtualizer,
  windowScroll,
  type Range,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { FeedArticle } from './FeedArticle';
import type { FeedListProps } from './feedList';
import type { Post } from '../../../shared/posts/post';
import './virtualCards.css';

/**
 * Cards are rendered this many screens above and below the visible part of the list. More below:
 * that is where a reader goes, and where the first card of a page just loaded comes in.
 */
const MARGIN_ABOVE_SCREENS = 0.25;
const MARGIN_BELOW_SCREENS = 0.35;
/** A card's height before any card was measured: 32rem, what `.post` reserves. */
const FALLBACK_HEIGHT = 512;
/** The gap between cards: `.feed__list--long`'s, in px so that the spacers add up exactly. */
const GAP = 16;

type WindowVirtualizer = Virtualizer<Window, Element>;

/**
 * A long feed's cards (@tanstack/react-virtual): only the shown posts near the screen, plus the
 * cards with work in progress, with spacers of the measured (or estimated) heights between them.
 * The library measures each card as it mounts and keeps the scroll position steady when a card
 * above the screen turns out taller or shorter than estimated.
 */
export function VirtualCards({
  posts,
  shown,
  kept,
  setSize,
  container,
  listRef: list,
  knownHeights,
}: FeedListProps) {
  const indexOf = useMemo(() => new Map(shown.map((post, index) => [post.id, index])), [shown]);
  const virtualizer = useFeedVirtualizer(shown, kept, indexOf, list, knownHeights);
  // Where nothing is laid out (no ResizeObserver: jsdom), the estimates stand.
  const measure = typeof ResizeObserver === 'undefined' ? undefined : virtualizer.measureElement;

  const children = cardsNearScreen(virtualizer, shown, setSize, measure);
  // Cards the search hides but that have work in progress stay mounted, hidden (in the same list,
  // so a card keeps what was typed in it when the search shows it again).
  for (const post of posts) {
    if (kept.has(post.id) && !indexOf.has(post.id)) {
      children.push(
        <FeedArticle
          key={post.id}
          post={post}
          position={undefined}
          setSize={0}
          imagePriority="near"
        />,
      );
    }
  }
  return (
    <div ref={list} {...container} className="feed__list feed__list--long">
      {children}
    </div>
  );
}

/** The library's virtualizer over the window, for the shown posts (and the kept ones' cards). */
function useFeedVirtualizer(
  shown: readonly Post[],
  kept: ReadonlySet<string>,
  indexOf: ReadonlyMap<string, number>,
  list: FeedListProps['listRef'],
  knownHeights: ReadonlyMap<string, number>,
): WindowVirtualizer {
  const estimate = useMemo(() => average(knownHeights) ?? FALLBACK_HEIGHT, [knownHeights]);
  const estimateSize = useCallback(
    (index: number) => knownHeights.get(shown[index].id) ?? estimate,
    [knownHeights, shown, estimate],
  );
  const getItemKey = useCallback((index: number) => shown[index].id, [shown]);
  // Offsets count from the list's top edge, wherever the header and the forms above put it.
  const listTop = () => (list.current?.getBoundingClientRect().top ?? 0) + window.scrollY;

  const virtualizer: WindowVirtualizer = useWindowVirtualizer({
    count: shown.length,
    estimateSize,
    getItemKey,
    gap: GAP,
    overscan: 0,
    // The screen as it is, so the very first render already holds the cards on it.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    initialOffset: () => window.scrollY - listTop(),
    observeElementOffset: (instance, report) =>
      observeWindowOffset(instance, (offset, scrolling) => report(offset - listTop(), scrolling)),
    scrollToFn: (offset, options, instance) => windowScroll(offset + listTop(), options, instance),
    rangeExtractor: (range) => {
      const indexes = nearScreen(range, virtualizer);
      for (const id of kept) {
        const index = indexOf.get(id);
        if (index !== undefined) indexes.add(index);
      }
      return [...indexes].sort((a, b) => a - b);
    },
  });
  return virtualizer;
}

/** The cards the virtualizer has near the screen, with spacers for the cards between them. */
function cardsNearScreen(
  virtualizer: WindowVirtualizer,
  shown: readonly Post[],
  setSize: number,
  measure: WindowVirtualizer['measureElement'] | undefined,
): ReactNode[] {
  const children: ReactNode[] = [];
  let end = -GAP; // where the card before ends, as if one ended just above the list
  for (const item of virtualizer.getVirtualItems()) {
    const post = shown[item.index];
    children.push(spacer(`gap/${post.id}`, item.start - end - 2 * GAP)); // '/' is never in an id
    children.push(
      <FeedArticle
        key={post.id}
        post={post}
        position={item.index + 1}
        setSize={setSize}
        // Rendered only near the screen: waiting to see whether it scrolls into view costs a frame.
        imagePriority={item.index === 0 ? 'first' : 'near'}
        measure={measure}
        index={item.index}
      />,
    );
    end = item.end;
  }
  // Never shorter than the whole list, or the browser would move the reader.
  if (shown.length > 0) children.push(spacer('gap/end', virtualizer.getTotalSize() - end - GAP));
  return children;
}

/** The library's range (the cards on screen), widened to the cards within the margin. */
function nearScreen(range: Range, virtualizer: WindowVirtualizer): Set<number> {
  const items = virtualizer.measurementsCache;
  const top = virtualizer.scrollOffset ?? 0;
  const screen = virtualizer.scrollRect?.height ?? 0;
  const above = top - screen * MARGIN_ABOVE_SCREENS;
  const below = top + screen * (1 + MARGIN_BELOW_SCREENS);
  let first = range.startIndex;
  let last = range.endIndex;
  while (first > 0 && (items[first - 1]?.end ?? 0) > above) first -= 1;
  while (last < range.count - 1 && (items[last + 1]?.start ?? Infinity) < below) {
    last += 1;
  }
  return new Set(Array.from({ length: last - first + 1 }, (_, offset) => first + offset));
}

/** Stands in for the cards left out, at their height, so nothing on screen moves. */
function spacer(key: string, height: number): ReactNode {
  return height >= 1 ? <div key={key} className="feed__gap" style={{ blockSize: height }} /> : null;
}

function average(heights: ReadonlyMap<string, number>): number | undefined {
  if (heights.size === 0) return undefined;
  let sum = 0;
  for (const height of heights.values()) sum += height;
  return sum / heights.size;
}
