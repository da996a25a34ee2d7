import { DONE_STATUS, isOpenStatus, type Deal } from '../../deals/data/deal';
import { DEAL_STATUSES, type DealStatus } from '../../../shared/posts/dealStatus';
import { feeWords, totalsWords, windowTotals } from '../../deals/data/termsWords';

/**
 * The 'Ins and outs' view as a pure function of the deals the strip has read: the done deals
 * signed and left, each with its date, other club and fee; the totals; and the deals still in play
 * by status.
 */

export interface WindowRow {
  id: string;
  name: string;
  /** When it was done: its history's 'Done deal' step (ms). */
  done: number;
  /** The other club; empty when not given. */
  club: string;
  fee: string;
}

export interface InPlay {
  /** The status (or 'No status yet'). */
  status: DealStatus | null;
  deals: Deal[];
}

export interface InsAndOuts {
  signed: WindowRow[];
  left: WindowRow[];
  totals: ReturnType<typeof totalsWords>;
  /** Done deals whose terms (which way they went) are not given. */
  unsorted: Deal[];
  /** Open deals, the furthest on first. */
  inPlay: InPlay[];
}

/** When `deal` was done: the last 'Done deal' step of its history, else when it last changed. */
export function doneAt(deal: Deal): number {
  const step = deal.history.findLast((candidate) => candidate.status === DONE_STATUS);
  return step?.at ?? deal.changed;
}

/** Every deal read by any of `lists`, once each, as most recently read (the latest `changed`). */
export function knownDeals(lists: readonly (readonly Deal[])[]): Deal[] {
  const byId = new Map<string, Deal>();
  for (const list of lists) {
    for (const deal of list) {
      const before = byId.get(deal.id);
      if (!before || before.changed < deal.changed) byId.set(deal.id, deal);
    }
  }
  return [...byId.values()];
}

/** The window of `deals`: newest done first in each table. */
export function insAndOuts(deals: readonly Deal[]): InsAndOuts {
  const done = deals
    .filter((deal) => deal.status === DONE_STATUS)
    .sort((a, b) => doneAt(b) - doneAt(a));
  const row = (deal: Deal): WindowRow => ({
    id: deal.id,
    name: deal.name,
    done: doneAt(deal),
    club: deal.terms?.club ?? '',
    fee: deal.terms ? feeWords(deal.terms) : '',
  });
  const furthestFirst: (DealStatus | null)[] = [
    ...DEAL_STATUSES.filter(isOpenStatus).reverse(),
    null,
  ];
  return {
    signed: done.filter((deal) => deal.terms?.direction === 'in').map(row),
    left: done.filter((deal) => deal.terms?.direction === 'out').map(row),
    totals: totalsWords(windowTotals(done.flatMap((deal) => (deal.terms ? [deal.terms] : [])))),
    unsorted: done.filter((deal) => !deal.terms),
    inPlay: furthestFirst.flatMap((status) => {
      const open = deals.filter((deal) => deal.open && deal.status === status);
      return open.length === 0 ? [] : [{ status, deals: open }];
    }),
  };
}
