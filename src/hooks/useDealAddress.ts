import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { dealHref, dealParam } from '../lib/dealAddress';
import { isRecord } from '../data/post';

export interface DealAddress {
  /** The deal the address names (`?deal=<id>`), as written; null on the full feed. */
  dealId: string | null;
  /** Shows a deal's feed as a new history entry, remembering where the full feed was scrolled. */
  openDeal: (id: string) => void;
  /** Back to the full feed: the browser's Back when the deal was opened from it. */
  closeDeal: () => void;
  /** A deal was opened from this page (not by loading its address): focus may move to it. */
  openedHere: boolean;
}

/** What this app keeps in a history entry's state. */
interface EntryState {
  /** The full feed's scroll position when a deal was opened from it. */
  feedScrollY?: number;
  /** How many entries back the full feed is, when this deal was reached from it by openDeal. */
  stepsFromFeed?: number;
}

function entryState(): EntryState {
  const state: unknown = history.state;
  return isRecord(state) ? state : {};
}

/**
 * The deal in the address, kept in step with the browser's history: opening a deal pushes an entry,
 * Back (or 'All posts') returns to the full feed at the scroll position it had.
 */
export function useDealAddress(): DealAddress {
  const [dealId, setDealId] = useState(() => dealParam());
  const restoreScroll = useRef<number | null>(null);
  const [openedHere, setOpenedHere] = useState(false);

  useEffect(() => {
    const onPopState = () => {
      const id = dealParam();
      if (id === null) restoreScroll.current = entryState().feedScrollY ?? null;
      setDealId(id);
    };
    addEventListener('popstate', onPopState);
    return () => removeEventListener('popstate', onPopState);
  }, []);

  // Once the full feed is shown again (it stayed mounted, hidden), back to where the reader was.
  useLayoutEffect(() => {
    const y = restoreScroll.current;
    if (dealId !== null || y === null) return;
    restoreScroll.current = null;
    scrollTo(0, y);
  }, [dealId]);

  const openDeal = useCallback((id: string) => {
    const onFeed = dealParam() === null;
    if (onFeed) history.replaceState({ ...entryState(), feedScrollY: scrollY }, '');
    const before = entryState().stepsFromFeed;
    const steps = onFeed ? 1 : before === undefined ? undefined : before + 1;
    history.pushState({ stepsFromFeed: steps }, '', dealHref(id));
    setDealId(id);
    setOpenedHere(true);
  }, []);

  const closeDeal = useCallback(() => {
    const steps = entryState().stepsFromFeed;
    if (steps !== undefined) {
      history.go(-steps);
      return;
    }
    history.pushState({}, '', import.meta.env.BASE_URL);
    setDealId(null);
  }, []);

  return { dealId, openDeal, closeDeal, openedHere };
}
