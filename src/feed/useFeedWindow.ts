import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import {
  CardHeights,
  feedSlots,
  offsetOf,
  sameRange,
  windowRange,
  type FeedSlot,
  type WindowRange,
  type WindowView,
} from './feedWindow';
import type { Post } from './post';

export interface FeedWindow {
  /** What the list renders, in order. */
  slots: FeedSlot[];
  /** Measures a rendered card's article while it is mounted (React 19 ref with cleanup). */
  measure: (element: HTMLElement, post: Post) => () => void;
  /** Keeps a post's card mounted until the returned release is called. */
  hold: (postId: string) => () => void;
}

/** Cards are rendered this many screens above and below the visible part of the list. */
const MARGIN_SCREENS = 0.25;
/** The view moves on once the screen is this many screens from it; the margin absorbs less. */
const VIEW_STEP_SCREENS = 0.125;
/** `.post`'s spacing in the list when the CSS cannot be read (1rem). */
const FALLBACK_GAP = 16;

/** What the measuring callback compares against: the last render's inputs and range. */
interface Rendered {
  shown: readonly Post[];
  view: WindowView | null;
  gap: number;
  range: WindowRange | null;
}

/**
 * Which cards the feed renders. Off (`windowed` false) every post gets a card; on, only the shown
 * posts within a quarter screen (MARGIN_SCREENS) of the visible part of `list`, plus held cards (focus or unsaved
 * input inside: a comment being typed is never thrown away), with gaps of the measured heights
 * between.
 */
export function useFeedWindow(
  list: RefObject<HTMLElement | null>,
  posts: readonly Post[],
  shown: readonly Post[],
  windowed: boolean,
): FeedWindow {
  const [heights] = useState(() => new CardHeights());
  // Bumped when measured heights move the range or the gaps: the render reads `heights`.
  const [heightsVersion, setHeightsVersion] = useState(0);
  const [view, setView] = useState<WindowView>({ top: 0, bottom: 0 });
  const [gap, setGap] = useState(FALLBACK_GAP);
  const [held, setHeld] = useState<ReadonlySet<string>>(() => new Set());
  const holds = useRef(new Map<string, number>());
  const rendered = useRef<Rendered>({ shown, view: null, gap, range: null });

  // One observer for every card; it exists only where the browser has one (not in jsdom). A new
  // height re-renders only if it moves the range: gaps hold cards that are not measured now.
  const observer = useRef<{ resize: ResizeObserver; posts: Map<Element, Post> } | null>(null);
  const measure = useCallback(
    (element: HTMLElement, post: Post) => {
      if (typeof ResizeObserver === 'undefined') return () => {};
      observer.current ??= {
        posts: new Map(),
        resize: new ResizeObserver((entries) => {
          let changed = false;
          for (const entry of entries) {
            const observed = observer.current?.posts.get(entry.target);
            const height = entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height;
            // A hidden card measures 0: it keeps the height it had when shown.
            if (!observed || height === 0) continue;
            const laidOut = !contentsSkipped(entry.target);
            changed = heights.set(observed, height, laidOut) || changed;
          }
          const last = rendered.current;
          if (!changed || last.view === null) return;
          const range = windowRange(last.shown, heights.of, last.gap, last.view);
          if (!sameRange(range, last.range)) setHeightsVersion((version) => version + 1);
        }),
      };
      const { posts, resize } = observer.current;
      posts.set(element, post);
      resize.observe(element);
      return () => {
        resize.unobserve(element);
        posts.delete(element);
      };
    },
    [heights],
  );
  useEffect(() => () => observer.current?.resize.disconnect(), []);

  const hold = useCallback((postId: string) => {
    const counts = holds.current;
    const change = (by: number) => {
      const count = (counts.get(postId) ?? 0) + by;
      if (count > 0) counts.set(postId, count);
      else counts.delete(postId);
      if (count === 0 || (by > 0 && count === 1)) setHeld(new Set(counts.keys()));
    };
    change(1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      change(-1);
    };
  }, []);

  // Follows the screen on scroll and resize, a frame at a time; also before the list is windowed,
  // so the first windowed render already knows where the reader is.
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    let frame = 0;
    let width = window.innerWidth;
    let viewTop = Number.NaN; // this effect alone sets the view
    // Where the screen's top edge is, in px from the list's top as the heights have it. Windowed,
    // it is taken from the first card on screen: gaps whose estimates differ from the cards that
    // replace them then cannot drag the view along (each card mounted above would pull in another).
    const screenTop = (): number => {
      const last = rendered.current;
      if (last.view !== null) {
        for (const child of element.children) {
          const position = Number(child.getAttribute('aria-posinset'));
          if (!position) continue; // a gap, or a hidden card
          const rect = child.getBoundingClientRect();
          if (rect.bottom <= 0) continue;
          return offsetOf(last.shown, heights.of, last.gap, position - 1) - rect.top;
        }
      }
      return -element.getBoundingClientRect().top;
    };
    const follow = () => {
      frame = 0;
      if (window.innerWidth !== width) {
        width = window.innerWidth;
        heights.clear();
        viewTop = Number.NaN;
      }
      const rowGap = parseFloat(getComputedStyle(element).rowGap);
      if (Number.isFinite(rowGap)) setGap(rowGap);
      const screen = window.innerHeight;
      const top = screenTop() - screen * MARGIN_SCREENS;
      if (Math.abs(viewTop - top) < screen * VIEW_STEP_SCREENS) return;
      viewTop = top;
      setView({ top, bottom: top + screen * (1 + 2 * MARGIN_SCREENS) });
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(follow);
    };
    follow();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [list, heights]);

  // Scrolling an unwindowed feed changes nothing it renders.
  const windowedView = windowed ? view : null;
  const range = useMemo(
    () => (windowedView ? windowRange(shown, heights.of, gap, windowedView) : null),
    // heightsVersion stands for the mutable heights.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [shown, windowedView, gap, heights, heightsVersion],
  );
  useLayoutEffect(() => {
    rendered.current = { shown, view: windowedView, gap, range };
  }, [shown, windowedView, gap, range]);
  const slots = useMemo(
    () => feedSlots({ posts, shown, range, held, heightOf: heights.of, gap }),
    [posts, shown, range, held, heights, gap],
  );
  return { slots, measure, hold };
}

/** Whether the browser skips rendering the card's contents (content-visibility: auto, off screen). */
function contentsSkipped(card: Element): boolean {
  const inside = card.firstElementChild;
  // checkVisibility is missing before Safari 17.4; there the placeholder height is taken as real.
  if (inside === null || typeof inside.checkVisibility !== 'function') return false;
  return !inside.checkVisibility({ contentVisibilityAuto: true });
}
