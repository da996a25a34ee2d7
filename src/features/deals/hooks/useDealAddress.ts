import { useEffect, useState } from 'react';
import { dealParam } from '../data/dealAddress';

export interface DealAddress {
  /** The deal the address names (`?deal=<id>`), as written; null on the full feed. */
  dealId: string | null;
  /**
   * Shows this deal's feed (or the full feed): features/deals/state/dealHistory.ts has already
   * moved the address.
   */
  showDeal: (id: string | null) => void;
}

/**
 * The deal in the address, kept in step with the browser's history: Back and Forward show what
 * their entry names. The full feed stays mounted (hidden) under a deal's feed and React renders a
 * popstate's update at once, so the browser's own scroll restoration, which comes after popstate,
 * finds it as it was and puts the reader back where they were.
 */
export function useDealAddress(): DealAddress {
  const [dealId, setDealId] = useState(() => dealParam());
  useEffect(() => {
    const onPopState = () => setDealId(dealParam());
    addEventListener('popstate', onPopState);
    return () => removeEventListener('popstate', onPopState);
  }, []);
  return { dealId, showDeal: setDealId };
}
