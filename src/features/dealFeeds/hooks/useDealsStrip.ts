import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { startFollowChecks, useFollows } from '../../deals';
import { useExternalStore } from '../../../shared/state/externalStore';
import {
  followedList,
  LOADING,
  type DealList,
  type StripFilter,
  type StripLists,
} from '../data/stripLists';
import { holdStripLists, loadList, stripLists } from '../state/stripStore';

export interface DealsStrip {
  filter: StripFilter;
  setFilter: (filter: StripFilter) => void;
  /** The chosen filter's deals, most recently changed first. */
  list: DealList;
  /** Reads the chosen filter's list again after it failed. */
  retry: () => void;
}

/**
 * The deals strip's state: each filter's list, read when first chosen and kept current by the
 * feed's live checks (state/stripStore.ts), and the followed deals.
 */
export function useDealsStrip(): DealsStrip {
  const [filter, setFilter] = useState<StripFilter>('all');
  const follows = useFollows();
  // A followed deal's move is told (a notice, a notification), here and from a background tab.
  useEffect(() => startFollowChecks(), []);
  const lists = useStripLists();
  const followsRef = useLatest(follows);
  useEffect(() => {
    if (!stripLists.get()[filter]) loadList(filter, followsRef.current);
  }, [filter, followsRef]);

  const retry = useCallback(() => loadList(filter, followsRef.current), [filter, followsRef]);
  const following = useMemo(() => followedList(follows, lists), [follows, lists]);
  const list = filter === 'following' ? following : (lists[filter] ?? LOADING);
  return { filter, setFilter, list, retry };
}

/** The lists read so far, kept current while shown (rendered in the background: a transition). */
export function useStripLists(): StripLists {
  useEffect(() => holdStripLists(), []);
  return useExternalStore(stripLists);
}

/** `value` as last rendered, for callbacks that must not be made again on every change. */
function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  }, [value]);
  return ref;
}
