import type { ReactNode } from 'react';
import { createExternalStore, useExternalStore } from '../../../shared/state/externalStore';

/** What a card shows for its deal: a link to the deal's feed, or nothing while it cannot. */
export type DealLinkRender = (dealId: string) => ReactNode;

// Filled by the deals chunk once the strip has loaded it (after the first paint). A card never
// loads that chunk itself: on the first render it would compete with the first page's paint.
const dealLink = createExternalStore<DealLinkRender | undefined>(undefined);

/**
 * Gives every card its deal link (src/features/deals/components/PostDealLink.tsx), now and from
 * then on.
 */
export function provideDealLink(next: DealLinkRender): void {
  dealLink.set(next);
}

/**
 * A card's link to its deal once the deals chunk has come; nothing before. Only this re-renders
 * when it comes, not the card around it, and every card's link in the background (a transition).
 */
export function DealLinkSlot({ dealId }: { dealId: string }): ReactNode {
  return useExternalStore(dealLink)?.(dealId);
}
