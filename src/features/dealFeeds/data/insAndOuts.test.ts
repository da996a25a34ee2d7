import { describe, expect, it } from 'vitest';
import { toDeal, type Deal } from '../../deals/data/deal';
import { insAndOuts, knownDeals } from './insAndOuts';

const deal = (id: string, overrides: Partial<Deal> = {}): Deal => ({
  id,
  name: id,
  status: 'Done deal',
  open: false,
  changed: 100,
  post: 'p',
  history: [
    { status: 'Medical', at: 10 },
    { status: 'Done deal', at: 50 },
  ],
  ...overrides,
});

describe('insAndOuts', () => {
  it('puts each done deal in its table, newest done first, with its club and fee words', () => {
    const window = insAndOuts([
      deal('in-8m', {
        terms: { direction: 'in', club: 'Arden', fee: 'amount', amount: 8e6, currency: 'GBP' },
      }),
      deal('in-free', {
        history: [{ status: 'Done deal', at: 70 }],
        terms: { direction: 'in', fee: 'free' },
      }),
      deal('out-undisclosed', { terms: { direction: 'out', club: 'Vale', fee: 'undisclosed' } }),
      deal('no-terms'),
      deal('open', { status: 'Medical', open: true, terms: { direction: 'in' } }),
      deal('gone', { status: 'Collapsed', terms: { direction: 'in', fee: 'free' } }),
    ]);
    expect(window.signed).toEqual([
      { id: 'in-free', name: 'in-free', done: 70, club: '', fee: 'Free' },
      { id: 'in-8m', name: 'in-8m', done: 50, club: 'Arden', fee: '£8m' },
    ]);
    expect(window.left).toEqual([
      {
        id: 'out-undisclosed',
        name: 'out-undisclosed',
        done: 50,
        club: 'Vale',
        fee: 'Undisclosed',
      },
    ]);
    expect(window.totals).toMatchObject({
      spent: 'Spent £8m',
      received: 'Received nothing disclosed',
      undisclosed: '1 undisclosed',
    });
    expect(window.unsorted.map(({ id }) => id)).toEqual(['no-terms']);
    expect(window.inPlay).toEqual([
      { status: 'Medical', deals: [expect.objectContaining({ id: 'open' })] },
    ]);
  });

  it('lists the deals in play furthest on first, those without a status last', () => {
    const open = (id: string, status: Deal['status']) => deal(id, { status, open: true });
    const { inPlay } = insAndOuts([open('a', 'Rumour'), open('b', null), open('c', 'Agreed')]);
    expect(inPlay.map(({ status }) => status)).toEqual(['Agreed', 'Rumour', null]);
  });

  it('reads a deal stored before terms existed, or with terms it cannot read, as terms not given', () => {
    const stored = { name: 'Old', status: 'Done deal', history: [], changed: 5, post: 'p' };
    expect(toDeal('old', stored).terms).toBeUndefined();
    for (const terms of [
      { direction: 'sideways' },
      { direction: 'in', fee: 'undisclosed', amount: 5 },
      { direction: 'in', fee: 'amount', amount: 1.5, currency: 'GBP' },
      { direction: 'in', fee: 'amount', amount: 5, currency: 'XYZ' },
      { direction: 'in', club: ' \u200B' },
      { direction: 'in', extra: 1 },
      { direction: 'in', option: 'option' },
    ]) {
      expect(toDeal('old', { ...stored, terms }).terms, JSON.stringify(terms)).toBeUndefined();
    }
    const given = { direction: 'out', club: 'Vale', loan: true, option: 'obligation' };
    expect(toDeal('old', { ...stored, terms: given }).terms).toEqual(given);
  });
});

describe('knownDeals', () => {
  it('takes each deal once, as most recently read', () => {
    const older = deal('a', { changed: 1, status: 'Talks' });
    const newer = deal('a', { changed: 2 });
    expect(knownDeals([[older], [newer, deal('b')]])).toEqual([newer, deal('b')]);
  });
});
