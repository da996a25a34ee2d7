import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isOpenStatus, movesDealOn, type Deal } from '../../deals';
import { withChangedDeals, type DealFilter } from '../../deals';
import type { Post } from '../../posts';
import { listDeals, readDeals } from '../../deals';
import { startFollowChecks, tellMoved } from '../../follow';
import { useFollows, type FollowedDeal } from '../../follow';
import { onDealWritten } from '../../deals';
import { learnDealNames } from '../../deals';
import { listenToChanges } from '../../live';

export type DealListStatus = 'loading' | 'ready' | 'failed';

export interface DealList {
  deals: Deal[];
  status: DealListStatus;
}

/** The strip's filters: the lists the server filters, and the deals this device follows. */
export type StripFilter = DealFilter | 'following';

export interface DealsStrip {
  filter: StripFilter;
  setFilter: (filter: StripFilter) => void;
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
  const [filter, setFilter] = useState<StripFilter>('all');
  const [lists, setLists] = useState<Partial<Record<StripFilter, DealList>>>({});
  const follows = useFollows();
  const followsRef = useRef(follows);
  useEffect(() => {
    followsRef.current = follows;
  }, [follows]);
  // A followed deal's move is told (a notice, a notification), here and from a background tab.
  useEffect(() => startFollowChecks(), []);
  // What the live checks' listener compares with, without subscribing again on every change.
  const listsRef = useRef(lists);
  useEffect(() => {
    listsRef.current = lists;
  }, [lists]);

  const load = useCallback((chosen: StripFilter) => {
    setLists((current) => ({ ...current, [chosen]: LOADING }));
    // The followed deals as they are now: one read each, when the filter is chosen.
    const ids = followsRef.current.map((deal) => deal.id);
    const read =
      chosen !== 'following'
        ? listDeals(chosen)
        : ids.length === 0
          ? Promise.resolve([])
          : readDeals(ids).then(({ found }) => found);
    read.then(
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
          const next: Partial<Record<StripFilter, DealList>> = {};
          for (const [key, list] of entries(current)) {
            const within = key === 'following' ? 'all' : key;
            next[key] = { ...list, deals: withChangedDeals(list.deals, found, missing, within) };
          }
          return next;
        });
        // A followed deal among them may have moved: told once, here or by another tab.
        void tellMoved(found);
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
  const following = useMemo(() => followedList(follows, lists), [follows, lists]);
  const list = filter === 'following' ? following : (lists[filter] ?? LOADING);
  return { filter, setFilter, list, retry };
}

/**
 * The followed deals, most recently changed first, each as last read by any list (or as it was
 * when followed): following or unfollowing shows at once, with no read.
 */
function followedList(
  follows: readonly FollowedDeal[],
  lists: Partial<Record<StripFilter, DealList>>,
): DealList {
  const read = lists.following ?? LOADING;
  if (follows.length === 0) return { deals: [], status: 'ready' };
  if (read.status !== 'ready') return read;
  const known = new Map<string, Deal>();
  for (const [, list] of entries(lists)) {
    for (const deal of list.deals) {
      const before = known.get(deal.id);
      if (!before || before.changed < deal.changed) known.set(deal.id, deal);
    }
  }
  const deals = follows.map(
    ({ id, name, status, changed }): Deal =>
      known.get(id) ?? {
        id,
        name,
        status,
        open: isOpenStatus(status),
        changed,
        post: '',
        history: [],
      },
  );
  return { deals: deals.sort((a, b) => b.changed - a.changed), status: 'ready' };
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

function entries(lists: Partial<Record<StripFilter, DealList>>): [StripFilter, DealList][] {
  const all: StripFilter[] = ['all', 'open', 'done', 'following'];
  return all.flatMap((key) => {
    const list = lists[key];
    return list ? [[key, list]] : [];
  });
}
