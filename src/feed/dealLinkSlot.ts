import { useSyncExternalStore, type ReactNode } from 'react';

/** What a card shows for its deal: a link to the deal's feed, or nothing while it cannot. */
export type DealLinkRender = (dealId: string) => ReactNode;

// Filled by the deals chunk once the strip has loaded it (after the first paint). A card never
// loads that chunk itself: on the first render it would compete with the first page's paint.
let render: DealLinkRender | undefined;
const listeners = new Set<() => void>();

/** Gives every card its deal link (src/deals/PostDealLink.tsx), now and from then on. */
export function provideDealLink(next: DealLinkRender): void {
  render = next;
  for (const listener of listeners) listener();
}

/** How this card shows its deal's link; undefined until the deals chunk has come. */
export function useDealLink(): DealLinkRender | undefined {
  return useSyncExternalStore(subscribe, () => render);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
