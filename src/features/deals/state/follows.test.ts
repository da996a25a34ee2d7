import { afterEach, describe, expect, it } from 'vitest';
import type { Deal } from '../data/deal';
import type { DealStatus } from '../../../shared/posts/dealStatus';
import {
  FOLLOWS_KEY,
  follow,
  isFollowed,
  parseFollows,
  readFollows,
  takeMoved,
  unfollow,
} from './follows';

function buildDeal(overrides: Partial<Deal> = {}): Deal {
  const status: DealStatus = overrides.status ?? 'Talks';
  return {
    id: 'elias-lindqvist',
    name: 'Elias Lindqvist',
    status,
    open: true,
    changed: 1_000,
    post: 'p1',
    history: [],
    ...overrides,
  };
}

afterEach(() => localStorage.clear());

describe('follows kept on the device', () => {
  it('are none at first, kept in localStorage in the order followed, and removed by unfollow', () => {
    expect(readFollows()).toEqual([]);
    follow(buildDeal());
    follow(buildDeal({ id: 'lucas-ferrand', name: 'Lucas Ferrand', status: 'Medical' }));
    follow(buildDeal());
    expect(readFollows().map((deal) => deal.id)).toEqual(['elias-lindqvist', 'lucas-ferrand']);
    expect(parseFollows(localStorage.getItem(FOLLOWS_KEY))).toEqual(readFollows());
    unfollow('elias-lindqvist');
    expect(isFollowed('elias-lindqvist')).toBe(false);
    expect(isFollowed('lucas-ferrand')).toBe(true);
  });

  it('read what another tab wrote, and leave out anything malformed', () => {
    localStorage.setItem(
      FOLLOWS_KEY,
      JSON.stringify([
        { id: 'a', name: 'A', status: 'Done deal', changed: 5 },
        { id: 'b', name: 'B', status: 'Not a status' },
        { id: 3, name: 'C' },
        'nonsense',
      ]),
    );
    expect(readFollows()).toEqual([
      { id: 'a', name: 'A', status: 'Done deal', changed: 5 },
      { id: 'b', name: 'B', status: null, changed: 0 },
    ]);
    localStorage.setItem(FOLLOWS_KEY, '{not json');
    expect(readFollows()).toEqual([]);
  });

  it('take a followed deal’s move once: the status told is kept', () => {
    follow(buildDeal());
    const done = buildDeal({ status: 'Done deal', open: false, changed: 2_000 });
    const other = buildDeal({ id: 'other', name: 'Other', status: 'Agreed' });
    expect(takeMoved([done, other])).toEqual([done]);
    expect(takeMoved([done, other])).toEqual([]);
    expect(readFollows()).toEqual([
      { id: 'elias-lindqvist', name: 'Elias Lindqvist', status: 'Done deal', changed: 2_000 },
    ]);
  });
});
