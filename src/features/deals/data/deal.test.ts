import { describe, expect, it } from 'vitest';
import { chooseDeal, dealAfterPost, dealIdFor, toDeal, type Deal } from './deal';
import { inFilter, withChangedDeals } from './dealQueries';
import { isDealId } from './addressParams';

const deal = (id: string, changed: number, overrides: Partial<Deal> = {}): Deal => ({
  id,
  name: id,
  status: 'Talks',
  open: true,
  changed,
  post: 'p',
  history: [{ status: 'Talks', at: changed }],
  ...overrides,
});

describe('dealIdFor', () => {
  it.each([
    ['Mateo Arlanza', 'mateo-arlanza'],
    ['  Tomás  Quiroga ', 'tomas-quiroga'],
    ['Kwame Asante-Boateng', 'kwame-asante-boateng'],
    ["N'Golo (loan) #2", 'n-golo-loan-2'],
    ['MATEO arlanza', 'mateo-arlanza'],
  ])('%j → %s', (name, id) => {
    expect(dealIdFor(name)).toBe(id);
    expect(isDealId(id)).toBe(true);
  });

  it('spells a name in another script by its code points, one id per name', () => {
    const korean = dealIdFor('김민재');
    expect(korean).toMatch(/^deal(-[a-z0-9]+)+$/);
    expect(isDealId(korean)).toBe(true);
    expect(dealIdFor('김민수')).not.toBe(korean);
  });

  it('keeps whole words within 60 characters', () => {
    const id = dealIdFor('word '.repeat(30));
    expect(id.length).toBeLessThanOrEqual(60);
    expect(id.endsWith('-word')).toBe(true);
    expect(isDealId(id)).toBe(true);
  });
});

describe('isDealId', () => {
  it.each(['', 'Upper', 'a--b', '-a', 'a-', 'a b', '../posts', '__proto__', 'a'.repeat(81)])(
    'refuses %j',
    (id) => expect(isDealId(id)).toBe(false),
  );
});

describe('dealAfterPost', () => {
  const stored = {
    name: 'Mateo Arlanza',
    status: 'Talks' as const,
    history: [{ status: 'Talks' as const, at: 1 }],
  };

  it('starts a new deal from its first post, with or without a status', () => {
    expect(dealAfterPost(null, 'Mateo Arlanza', 'p1', 'Rumour', 5)).toEqual({
      name: 'Mateo Arlanza',
      status: 'Rumour',
      open: true,
      post: 'p1',
      history: [{ status: 'Rumour', at: 5 }],
    });
    expect(dealAfterPost(null, 'Mateo Arlanza', 'p1', undefined, 5)).toEqual({
      name: 'Mateo Arlanza',
      status: null,
      open: true,
      post: 'p1',
      history: [],
    });
  });

  it('takes a different status as a new step, keeping the stored name', () => {
    expect(dealAfterPost(stored, 'typed name', 'p2', 'Done deal', 9)).toEqual({
      name: 'Mateo Arlanza',
      status: 'Done deal',
      open: false,
      post: 'p2',
      history: [
        { status: 'Talks', at: 1 },
        { status: 'Done deal', at: 9 },
      ],
    });
    expect(dealAfterPost(stored, '', 'p2', 'Collapsed', 9)?.open).toBe(false);
  });

  it('leaves the deal alone for the same status or none', () => {
    expect(dealAfterPost(stored, '', 'p2', 'Talks', 9)).toBeNull();
    expect(dealAfterPost(stored, '', 'p2', undefined, 9)).toBeNull();
  });
});

describe('chooseDeal', () => {
  const known = [deal('mateo-arlanza', 1, { name: 'Mateo Arlanza' })];

  it('is none when blank, a known deal by its name in any case, a new one otherwise', () => {
    expect(chooseDeal('   ', known)).toBeUndefined();
    expect(chooseDeal(' mateo ARLANZA ', known)).toEqual({
      id: 'mateo-arlanza',
      name: 'Mateo Arlanza',
    });
    expect(chooseDeal('Ryō Takamine', known)).toEqual({ id: 'ryo-takamine', name: 'Ryō Takamine' });
  });
});

describe('toDeal', () => {
  it('reads what an older or damaged document holds without breaking', () => {
    expect(toDeal('x', { status: 'Sold', history: [{ status: 'Talks' }, 3] })).toEqual({
      id: 'x',
      name: 'x',
      status: null,
      open: true,
      changed: 0,
      post: '',
      history: [],
    });
    expect(toDeal('y', { name: 'Y', status: 'Done deal', changed: 7 }).open).toBe(false);
  });
});

describe('the strip’s lists after a live change', () => {
  const list = [deal('a', 30), deal('b', 20), deal('c', 10)];

  it('moves a changed deal to its place, adds a new one, drops one that no longer belongs', () => {
    const movedOn = deal('c', 40, { status: 'Done deal', open: false });
    expect(withChangedDeals(list, [movedOn], [], 'all').map((d) => d.id)).toEqual(['c', 'a', 'b']);
    expect(withChangedDeals(list, [movedOn], [], 'open').map((d) => d.id)).toEqual(['a', 'b']);
    expect(withChangedDeals([], [movedOn], [], 'done').map((d) => d.id)).toEqual(['c']);
    expect(withChangedDeals(list, [deal('d', 25)], ['a'], 'all').map((d) => d.id)).toEqual([
      'd',
      'b',
      'c',
    ]);
  });

  it('filters as the queries do', () => {
    expect(inFilter(deal('a', 1, { status: 'Collapsed', open: false }), 'open')).toBe(false);
    expect(inFilter(deal('a', 1, { status: 'Collapsed', open: false }), 'done')).toBe(false);
    expect(inFilter(deal('a', 1, { status: 'Done deal', open: false }), 'done')).toBe(true);
    expect(inFilter(deal('a', 1, { status: null }), 'open')).toBe(true);
  });
});
