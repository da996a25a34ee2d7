import { useCallback, useEffect, useRef, useState } from 'react';
import { movesDealOn, type Deal } from '../data/deal';
import { withChangedDeals, type DealFilter } from '../data/dealQueries';
import type { Post } from '../data/post';
import { listDeals, readDeals } from '../store/dealReads';
import { onDealWritten } from './knownDeals';
import { learnDealNames } from './useDealNames';
import { listenToChanges } from './liveChecks';

export type DealListStatus = 'loading' | 'ready' | 'failed';

export interface DealList {
  deals: Deal[];
  status: DealListStatus;
}

export interface DealsStrip {
  filter: DealFilter;
  setFilter: (filter: DealFilter) => void;
  /** The chosen filter's deals, most recently changed first. */
  list: DealList;
  /** Reads the chosen filter's list again after it failed. */
  retry: () => void;
}

const LOADING: DealList = { deals: [], status: 'loading' };

/**
 * The deals strip's state: each filter's list, read when first chosen, and kept current by the
 * feed's live checks, which cost nothing more while nothing changes: a deal is read again only
 * when a changed post names it with a status the strip does not show for it (every change to a
 * deal comes with such a post, firestore.rules), or names a deal the strip does not know.
 */
export function useDealsStrip(): DealsStrip {
  const [filter, setFilter] = useState<DealFilter>('all');
  const [lists, setLists] = useState<Partial<Record<DealFilter, DealList>>>({});
  // What the live checks' listener compares with, without subscribing again on every change.
  const listsRef = useRef(lists);
  useEffect(() => {
    listsRef.current = lists;
  }, [lists]);

  const load = useCallback((chosen: DealFilter) => {
    setLists((current) => ({ ...current, [chosen]: LOADING }));
    listDeals(chosen).then(
      (deals) => {
        learnDealNames(deals);
        setLists((current) => ({ ...current, [chosen]: { deals, status: 'ready' } }));
      },
      (error: unknown) => {
        console.error('Could not load the deals', error);
        setLists((current) => ({ ...current, [chosen]: { deals: [], status: 'failed' } }));
      },
    );
  }, []);

  useEffect(() => {
    if (!listsRef.current[filter]) load(filter);
  }, [filter, load]);

  const reread = useCallback((ids: string[]) => {
    if (ids.length === 0) return;
    readDeals(ids).then(
      ({ found, missing }) => {
        learnDealNames(found);
        setLists((current) => {
          const next: Partial<Record<DealFilter, DealList>> = {};
          for (const [key, list] of entries(current)) {
            next[key] = { ...list, deals: withChangedDeals(list.deals, found, missing, key) };
          }
          return next;
        });
      },
      (error: unknown) => console.warn('Could not read the changed deals', error),
    );
  }, []);

  useEffect(
    () =>
      listenToChanges(({ posts }) => reread(dealsToRead(posts, Object.values(listsRef.current)))),
    [reread],
  );
  useEffect(() => onDealWritten((id) => reread([id])), [reread]);

  const retry = useCallback(() => load(filter), [filter, load]);
  return { filter, setFilter, list: lists[filter] ?? LOADING, retry };
}

/** The deals changed posts name whose summary may have moved: unknown, or another status. */
function dealsToRead(posts: readonly Post[], lists: readonly (DealList | undefined)[]): string[] {
  const known = new Map<string, Deal>();
  for (const list of lists) for (const deal of list?.deals ?? []) known.set(deal.id, deal);
  const ids = new Set<string>();
  for (const { deal: id, status } of posts) {
    if (id === undefined) continue;
    const deal = known.get(id);
    if (!deal || movesDealOn(status, deal.status)) ids.add(id);
  }
  return [...ids];
}

function entries(lists: Partial<Record<DealFilter, DealList>>): [DealFilter, DealList][] {
  const all: DealFilter[] = ['all', 'open', 'done'];
  return all.flatMap((key) => {
    const list = lists[key];
    return list ? [[key, list]] : [];
  });
}
