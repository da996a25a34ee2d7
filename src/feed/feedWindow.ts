import type { Post } from './post';

/**
 * Up to this many loaded posts every card stays in the page, so find-in-page and reading straight
 * through work as on any page. Beyond it only the cards near the screen are rendered: with 2,100
 * posts, showing or hiding every card on a search keystroke took a phone-sized main thread 300 ms.
 */
export const WINDOW_FROM_POSTS = 105;

/** The part of the list to render, in px from the list's top edge (screen plus a margin). */
export interface WindowView {
  top: number;
  bottom: number;
}

/** Shown posts `first` up to (not including) `end`, by their position in the search's results. */
export interface WindowRange {
  first: number;
  end: number;
}

export type FeedSlot =
  /** A rendered card; `position` is its 1-based place among the shown posts, undefined if hidden. */
  | { kind: 'post'; post: Post; position: number | undefined }
  /** Stands in for shown cards that are not rendered, at their height, so nothing moves. */
  | { kind: 'gap'; key: string; height: number };

/** How tall a post's card is (measured, or an estimate until it has been rendered). */
export type HeightOf = (post: Post) => number;

/** The shown posts whose cards overlap `view`, stacked `gap` px apart. */
export function windowRange(
  shown: readonly Post[],
  heightOf: HeightOf,
  gap: number,
  view: WindowView,
): WindowRange {
  let top = 0;
  let first = shown.length;
  for (let index = 0; index < shown.length; index += 1) {
    if (top > view.bottom) return { first: Math.min(first, index), end: index };
    const bottom = top + heightOf(shown[index]);
    if (first === shown.length && bottom >= view.top) first = index;
    top = bottom + gap;
  }
  return { first, end: shown.length };
}

export interface SlotsInput {
  /** Every rendered post, in feed order. */
  posts: readonly Post[];
  /** The posts the search shows, in feed order. */
  shown: readonly Post[];
  /** Which shown posts get cards; null: all of them (and hidden ones stay mounted). */
  range: WindowRange | null;
  /** Posts whose cards stay mounted wherever they are: focus or unsaved input inside. */
  held: ReadonlySet<string>;
  heightOf: HeightOf;
  gap: number;
}

/**
 * What the feed renders, in order: cards, and gaps standing in for runs of shown cards outside the
 * range. Without a range every post gets a card (hidden if the search does not show it).
 */
export function feedSlots({ posts, shown, range, held, heightOf, gap }: SlotsInput): FeedSlot[] {
  const positions = new Map(shown.map((post, index) => [post, index + 1]));
  const slots: FeedSlot[] = [];
  let gapHeight = 0;
  let gapKey = '';
  for (const post of posts) {
    const position = positions.get(post);
    const inRange =
      range === null || (position !== undefined && position > range.first && position <= range.end);
    if (inRange || held.has(post.id)) {
      if (gapKey !== '') slots.push({ kind: 'gap', key: gapKey, height: gapHeight });
      gapKey = '';
      slots.push({ kind: 'post', post, position });
    } else if (position !== undefined) {
      // Gaps between the left-out cards belong to the stand-in; the ones around it stay.
      gapHeight = gapKey === '' ? heightOf(post) : gapHeight + gap + heightOf(post);
      if (gapKey === '') gapKey = `gap/${post.id}`; // '/' is never in a Firestore id
    }
  }
  if (gapKey !== '') slots.push({ kind: 'gap', key: gapKey, height: gapHeight });
  return slots;
}

/** Same slots, so the list need not re-render (a keystroke that changes nothing on screen). */
export function sameSlots(before: readonly FeedSlot[], after: readonly FeedSlot[]): boolean {
  return (
    before.length === after.length &&
    before.every((slot, index) => {
      const other = after[index];
      if (slot.kind === 'post') {
        return (
          other.kind === 'post' && other.post === slot.post && other.position === slot.position
        );
      }
      return other.kind === 'gap' && other.key === slot.key && other.height === slot.height;
    })
  );
}

/**
 * Card heights measured so far, by post id. Cards not yet rendered count as the average at the
 * time the feed is first windowed: were the estimate to follow every measurement, each card that
 * mounts would resize every gap in the feed and lay the page out again.
 */
export class CardHeights {
  private readonly heights = new Map<string, number>();
  private total = 0;
  private estimate: number | undefined;

  /** Before any card is measured: 32rem, the height `.post` reserves for a skipped card. */
  constructor(private readonly fallback = 512) {}

  readonly of: HeightOf = (post) =>
    this.heights.get(post.id) ??
    (this.estimate ??= this.heights.size > 0 ? this.total / this.heights.size : this.fallback);

  /** Records a height; true if it differs from what was known by a pixel or more. */
  set(id: string, height: number): boolean {
    const before = this.heights.get(id);
    if (before !== undefined && Math.abs(before - height) < 1) return false;
    this.total += height - (before ?? 0);
    this.heights.set(id, height);
    return true;
  }

  /** Forgets every height (the column's width changed, so they all did). */
  clear(): void {
    this.heights.clear();
    this.total = 0;
    this.estimate = undefined;
  }
}

/** The top of shown post `index`'s card, in px from the list's top, as the heights have it. */
export function offsetOf(
  shown: readonly Post[],
  heightOf: HeightOf,
  gap: number,
  index: number,
): number {
  let top = 0;
  for (let before = 0; before < index && before < shown.length; before += 1) {
    top += heightOf(shown[before]) + gap;
  }
  return top;
}

/** Same range (or both unwindowed). */
export function sameRange(a: WindowRange | null, b: WindowRange | null): boolean {
  return a === b || (a !== null && b !== null && a.first === b.first && a.end === b.end);
}
