import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { listDeals, readDeals, type Deal } from '../../deals';
import { onDealWritten } from '../../deals';
import { learnDealNames } from '../../deals';
import { startFollowChecks, tellMoved, useFollows, type FollowedDeal } from '../../follow';
import { listenToChanges } from '../../live';
import {
  dealsToRead,
  followedList,
  LOADING,
  withDealsReread,
  type DealList,
  type StripFilter,
  type StripLists,
} from '../data/stripLists';

export interface DealsStrip {
  filter: StripFilter;
  setFilter: (filter: StripFilter) => void;
  /** The chosen filter's deals, most recently changed first. */
  list: DealList;
  /** Reads the chosen filter's list again after it failed. */
  retry: () => void;
}

/**
 * The deals strip's state: each filter's list, read when first chosen, and kept current by the
 * feed's live checks, which cost nothing more while nothing changes: a deal is read again only
 * when a changed post names it with a status the strip does not show for it (every change to a
 * deal comes with such a post, firestore.rules), or names a deal the strip does not know.
 */
export function useDealsStrip(): DealsStrip {
  const [filter, setFilter] = useState<StripFilter>('all');
  const follows = useFollows();
  // A followed deal's move is told (a notice, a notification), here and from a background tab.
  useEffect(() => startFollowChecks(), []);
  const { lists, listsRef, load, reread } = useStripLists(follows);
  useEffect(() => {
    if (!listsRef.current[filter]) load(filter);
  }, [filter, listsRef, load]);
  useChangedDeals(listsRef, reread);

  const retry = useCallback(() => load(filter), [filter, load]);
  const following = useMemo(() => followedList(follows, lists), [follows, lists]);
  const list = filter === 'following' ? following : (lists[filter] ?? LOADING);
  return { filter, setFilter, list, retry };
}

/** `value` as last rendered, for callbacks that must not be made again on every change. */
function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  }, [value]);
  return ref;
}

/** The lists read so far; `load` reads a filter's list, `reread` some deals in every list. */
function useStripLists(follows: readonly FollowedDeal[]) {
  const [lists, setLists] = useState<StripLists>({});
  const followsRef = useLatest(follows);
  // What the live checks' listener compares with, without subscribing again on every change.
  const listsRef = useLatest(lists);

  const load = useCallback(
    (chosen: StripFilter) => {
      setLists((current) => ({ ...current, [chosen]: LOADING }));
      readList(chosen, followsRef.current).then(
        (deals) => {
          learnDealNames(deals);
          setLists((current) => ({ ...current, [chosen]: { deals, status: 'ready' } }));
        },
        (error: unknown) => {
          console.error('Could not load the deals', error);
          setLists((current) => ({ ...current, [chosen]: { deals: [], status: 'failed' } }));
        },
      );
    },
    [followsRef],
  );

  const reread = useCallback((ids: string[]) => {
    if (ids.length === 0) return;
    readDeals(ids).then(
      ({ found, missing }) => {
        learnDealNames(found);
        setLists((current) => withDealsReread(current, found, missing));
        // A followed deal among them may have moved: told once, here or by another tab.
        void tellMoved(found);
      },
      (error: unknown) => console.warn('Could not read the changed deals', error),
    );
  }, []);

  return { lists, listsRef, load, reread };
}

/** A filter's list: the server's, or the followed deals as they are now (one read each). */
function readList(chosen: StripFilter, follows: readonly FollowedDeal[]): Promise<Deal[]> {
  if (chosen !== 'following') return listDeals(chosen);
  const ids = follows.map((deal) => deal.id);
  if (ids.length === 0) return Promise.resolve([]);
  return readDeals(ids).then(({ found }) => found);
}

/** Reads again the deals the live checks' posts (or a post saved here) may have moved. */
function useChangedDeals(listsRef: RefObject<StripLists>, reread: (ids: string[]) => void): void {
  useEffect(
    () =>
      listenToChanges(({ posts }) => reread(dealsToRead(posts, Object.values(listsRef.current)))),
    [listsRef, reread],
  );
  useEffect(() => onDealWritten((id) => reread([id])), [reread]);
}
