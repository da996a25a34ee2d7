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
 * What most decides a card's height before it is measured: whether it has a picture. Only a guess
 * (the picture may not load), so the cheap test: this runs for every post on every keystroke.
 */
export function cardKind(post: Post): string {
  return post.imageUrl === '' ? 'text' : 'picture';
}

/**
 * Card heights measured so far, by post id. A card not yet measured counts as the average of the
 * laid-out cards of its kind (cardKind) at the time that kind is first estimated: were the
 * estimates to follow every measurement, each card that mounts would resize every gap in the feed
 * and lay the page out again. Per kind, because a card with a picture is about three times as tall
 * as one without.
 */
export class CardHeights {
  private readonly measured = new Map<string, MeasuredCard>();
  private readonly estimates = new Map<string, number>();

  /** Before any card is laid out: 32rem, the height `.post` reserves for a skipped card. */
  constructor(
    private readonly kindOf: (post: Post) => string = cardKind,
    private readonly fallback = 512,
  ) {}

  readonly of: HeightOf = (post) =>
    this.measured.get(post.id)?.height ?? this.estimate(this.kindOf(post));

  /**
   * Records a post's card height; true if it differs from what was known by a pixel or more.
   * `laidOut` false: the browser skipped the card's contents (content-visibility) and the height is
   * its placeholder's. That is where the card is in the page, but it says nothing of other cards.
   */
  set(post: Post, height: number, laidOut = true): boolean {
    const before = this.measured.get(post.id)?.height;
    this.measured.set(post.id, { kind: this.kindOf(post), height, laidOut });
    return before === undefined || Math.abs(before - height) >= 1;
  }

  /** Forgets every height (the column's width changed, so they all did). */
  clear(): void {
    this.measured.clear();
    this.estimates.clear();
  }

  private estimate(kind: string): number {
    let estimate = this.estimates.get(kind);
    if (estimate === undefined) {
      const laidOut = [...this.measured.values()].filter((card) => card.laidOut);
      const ofKind = laidOut.filter((card) => card.kind === kind);
      // No card of this kind laid out yet: the average of all, or 32rem before any.
      estimate = averageHeight(ofKind.length > 0 ? ofKind : laidOut) ?? this.fallback;
      this.estimates.set(kind, estimate);
    }
    return estimate;
  }
}

interface MeasuredCard {
  kind: string;
  height: number;
  laidOut: boolean;
}

function averageHeight(cards: readonly { height: number }[]): number | undefined {
  if (cards.length === 0) return undefined;
  return cards.reduce((sum, card) => sum + card.height, 0) / cards.length;
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
