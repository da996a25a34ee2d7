import { useCallback, useEffect, useMemo } from 'react';
import { DEALS_PER_READ } from '../../deals';
import { insAndOuts, knownDeals, type InsAndOuts } from '../data/insAndOuts';
import type { DealListStatus, StripFilter } from '../data/stripLists';
import { loadList, stripLists } from '../state/stripStore';
import { useStripLists } from './useDealsStrip';

/** The lists the view is made of: the done deals and those still in play. */
const NEEDED: readonly StripFilter[] = ['done', 'open'];

export interface InsAndOutsState {
  view: InsAndOuts;
  /** Ready once both lists are read; failed when either could not be. */
  status: DealListStatus;
  /** The done deals filled a list: older ones are not shown. */
  capped: boolean;
  retry: () => void;
}

/**
 * The 'Ins and outs' of the deals the strip has read: its 'Done deals' and 'Open deals' lists,
 * read here only if the strip has not read them yet, and kept current as the strip's are.
 */
export function useInsAndOuts(): InsAndOutsState {
  const lists = useStripLists();
  const load = useCallback((again: boolean) => {
    for (const filter of NEEDED) {
      const list = stripLists.get()[filter];
      if (!list || (again && list.status === 'failed')) loadList(filter, []);
    }
  }, []);
  useEffect(() => load(false), [load]);
  const retry = useCallback(() => load(true), [load]);

  const view = useMemo(
    () =>
      insAndOuts(knownDeals([lists.all, lists.done, lists.open].map((list) => list?.deals ?? []))),
    [lists],
  );
  const statuses = NEEDED.map((filter) => lists[filter]?.status ?? 'loading');
  const status = statuses.includes('failed')
    ? 'failed'
    : statuses.includes('loading')
      ? 'loading'
      : 'ready';
  return { view, status, capped: (lists.done?.deals.length ?? 0) >= DEALS_PER_READ, retry };
}
