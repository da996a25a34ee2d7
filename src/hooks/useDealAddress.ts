import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { dealParam, feedScrollY } from '../lib/dealAddress';

export interface DealAddress {
  /** The deal the address names (`?deal=<id>`), as written; null on the full feed. */
  dealId: string | null;
  /** Shows this deal's feed (or the full feed): lib/dealHistory.ts has already moved the address. */
  showDeal: (id: string | null) => void;
}

/**
 * The deal in the address, kept in step with the browser's history: Back and Forward show what
 * their entry names, and the full feed comes back at the scroll position it had when a deal was
 * opened from it (lib/dealHistory.ts keeps that in the entry).
 */
export function useDealAddress(): DealAddress {
  const [dealId, setDealId] = useState(() => dealParam());
  const restoreScroll = useRef<number | null>(null);

  useEffect(() => {
    const onPopState = () => {
      const id = dealParam();
      if (id === null) restoreScroll.current = feedScrollY();
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

  return { dealId, showDeal: setDealId };
}
