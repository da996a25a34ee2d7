import { describe, expect, it } from 'vitest';
import {
  CardHeights,
  cardKind,
  feedSlots,
  offsetOf,
  sameSlots,
  windowRange,
  type FeedSlot,
  type HeightOf,
  type WindowRange,
} from './feedWindow';
import { toPost, type Post } from './post';

const posts = Array.from({ length: 6 }, (_, index) => toPost(`p${index + 1}`, {}));
// p1 is 100 px tall, p2 200 px, … p6 600 px.
const heightOf: HeightOf = (post) => 100 * (posts.indexOf(post) + 1);
const GAP = 10;

/** A slot list as short text: cards by id (with '!' when hidden), gaps by height. */
function describeSlots(slots: FeedSlot[]): string[] {
  return slots.map((slot) =>
    slot.kind === 'gap'
      ? `gap ${slot.height}`
      : `${slot.post.id}${slot.position === undefined ? '!' : `@${slot.position}`}`,
  );
}

describe('windowRange', () => {
  // Tops: p1 0, p2 110, p3 320, p4 630, p5 1040, p6 1550.
  const rangeFor = (top: number, bottom: number, shown: readonly Post[] = posts) =>
    windowRange(shown, heightOf, GAP, { top, bottom });

  it('takes the cards that overlap the view', () => {
    expect(rangeFor(150, 700)).toEqual({ first: 1, end: 4 });
  });

  it('counts a card that touches the view edge and none past the end', () => {
    expect(rangeFor(310, 320)).toEqual({ first: 1, end: 3 });
    expect(rangeFor(1500, 9000)).toEqual({ first: 4, end: 6 });
  });

  it('is empty beyond the last card and for no posts', () => {
    expect(rangeFor(5000, 6000)).toEqual({ first: 6, end: 6 });
    expect(rangeFor(0, 100, [])).toEqual({ first: 0, end: 0 });
  });
});

describe('offsetOf', () => {
  it('adds the heights and gaps before a card', () => {
    expect(offsetOf(posts, heightOf, GAP, 0)).toBe(0);
    expect(offsetOf(posts, heightOf, GAP, 3)).toBe(630);
    expect(offsetOf(posts, heightOf, GAP, 99)).toBe(2160);
  });
});

describe('feedSlots', () => {
  const none = new Set<string>();
  const slotsFor = (shown: readonly Post[], range: WindowRange | null, held: Set<string> = none) =>
    feedSlots({ posts, shown, range, held, heightOf, gap: GAP });

  it('without a range renders every post, hiding those the search leaves out', () => {
    const shown = [posts[1], posts[3]];
    const slots = slotsFor(shown, null);
    expect(describeSlots(slots)).toEqual(['p1!', 'p2@1', 'p3!', 'p4@2', 'p5!', 'p6!']);
  });

  it('stands one gap, as tall as the cards and the spaces between them, for each run left out', () => {
    const slots = slotsFor(posts, { first: 2, end: 4 });
    expect(describeSlots(slots)).toEqual(['gap 310', 'p3@3', 'p4@4', 'gap 1110']);
  });

  it('leaves out posts the search does not show, without making room for them', () => {
    const shown = [posts[0], posts[2], posts[4], posts[5]];
    const slots = slotsFor(shown, { first: 1, end: 2 });
    expect(describeSlots(slots)).toEqual(['gap 100', 'p3@2', 'gap 1110']);
  });

  it('keeps held cards wherever they are: in place when shown, hidden when not', () => {
    const shown = posts.slice(0, 5);
    const slots = slotsFor(shown, { first: 0, end: 1 }, new Set(['p4', 'p6']));
    expect(describeSlots(slots)).toEqual(['p1@1', 'gap 510', 'p4@4', 'gap 500', 'p6!']);
  });

  it('gives each gap a key no post id can take', () => {
    const slots = slotsFor(posts, { first: 0, end: 0 });
    expect(slots).toEqual([{ kind: 'gap', key: 'gap/p1', height: 2150 }]);
  });
});

describe('sameSlots', () => {
  it('is true only for the same cards, places and gaps', () => {
    const card: FeedSlot = { kind: 'post', post: posts[0], position: 1 };
    const slots: FeedSlot[] = [card, { kind: 'gap', key: 'gap/p2', height: 200 }];
    expect(sameSlots(slots, [...slots])).toBe(true);
    expect(sameSlots(slots, [{ ...card, position: 2 }, slots[1]])).toBe(false);
    expect(sameSlots(slots, [slots[0], { kind: 'gap', key: 'gap/p2', height: 201 }])).toBe(false);
    expect(sameSlots(slots, [slots[0]])).toBe(false);
  });
});

describe('CardHeights', () => {
  const post = (id: string): Post => toPost(id, {});
  const pictured = (id: string): Post => toPost(id, { imageUrl: 'https://example.com/a.jpg' });

  it('gives measured heights, and 32rem before anything is measured', () => {
    const heights = new CardHeights();
    expect(heights.of(post('a'))).toBe(512);
    const fresh = new CardHeights();
    expect(fresh.set(post('a'), 300)).toBe(true);
    expect(fresh.of(post('a'))).toBe(300);
  });

  it('reports only changes of a pixel or more', () => {
    const heights = new CardHeights();
    heights.set(post('a'), 300);
    expect(heights.set(post('a'), 300.4)).toBe(false);
    expect(heights.set(post('a'), 320)).toBe(true);
  });

  it('estimates unmeasured cards by the average when first asked, then keeps that estimate', () => {
    const heights = new CardHeights();
    heights.set(post('a'), 200);
    heights.set(post('b'), 400);
    expect(heights.of(post('unmeasured'))).toBe(300);
    heights.set(post('c'), 900);
    expect(heights.of(post('unmeasured'))).toBe(300);
    heights.clear();
    expect(heights.of(post('a'))).toBe(512);
  });

  it('estimates cards with a picture from cards with one, and cards without from those', () => {
    const heights = new CardHeights();
    heights.set(post('a'), 200);
    heights.set(post('b'), 300);
    heights.set(pictured('c'), 700);
    heights.set(pictured('d'), 800);
    expect(cardKind(pictured('x'))).not.toBe(cardKind(post('y')));
    expect(heights.of(post('unmeasured'))).toBe(250);
    expect(heights.of(pictured('unmeasured'))).toBe(750);
  });

  it('keeps a placeholder height for its card but leaves it out of the estimates', () => {
    const heights = new CardHeights();
    heights.set(post('a'), 200);
    expect(heights.set(post('skipped'), 512, false)).toBe(true);
    expect(heights.of(post('skipped'))).toBe(512);
    expect(heights.of(post('unmeasured'))).toBe(200);
  });

  it('estimates a kind none of whose cards is measured by the average of all', () => {
    const heights = new CardHeights();
    heights.set(post('a'), 200);
    heights.set(post('b'), 400);
    expect(heights.of(pictured('unmeasured'))).toBe(300);
  });
});
