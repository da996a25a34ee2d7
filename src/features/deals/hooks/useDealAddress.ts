import { useSyncExternalStore } from 'react';
import { DEAL_PARAM, WINDOW_PARAM } from '../data/dealAddress';

/**
 * The deal the address names (`?deal=<id>`, as written; null on the full feed), and whether it
 * asks for the window's ins and outs (`?window`). A pair, as useState's, because the first load
 * carries this hook: its keys would cost bytes there.
 */
export type DealAddress = [dealId: string | null, insAndOuts: boolean];

function onHistoryMove(listener: () => void): () => void {
  addEventListener('popstate', listener);
  return () => removeEventListener('popstate', listener);
}

/**
 * The deal or the ins and outs in the address, kept in step with the browser's history: Back and
 * Forward show what their entry names, and the page's own links move the address then send a
 * popstate of their own (features/deals/state/dealHistory.ts). The full feed stays mounted
 * (hidden) under a deal's feed and React renders an external store's update at once, so the
 * browser's own scroll restoration, which comes after popstate, finds it as it was and puts the
 * reader back where they were.
 */
export function useDealAddress(): DealAddress {
  const params = new URLSearchParams(useSyncExternalStore(onHistoryMove, () => location.search));
  return [params.get(DEAL_PARAM), params.has(WINDOW_PARAM)];
}
