import { onEachSet } from '../../../shared/events/onEachSet';
import { createExternalStore } from '../../../shared/state/externalStore';
import type { Deal } from '../data/deal';
import { listDeals } from '../store/dealReads';

// Read once for the administrator's forms (the composer and every edit box share it), and again
// after this page saves a post in a deal, which may have created the deal or moved it on.
let known: Promise<Deal[]> | null = null;

/** The last deal this page wrote (a new object each time, so every write is told). */
export const written = createExternalStore<{ id: string } | null>(null);

export function readKnownDeals(): Promise<Deal[]> {
  if (!known) {
    known = listDeals('all');
    // A failed read is tried again by the next form that asks.
    known.catch(() => {
      known = null;
    });
  }
  return known;
}

/**
 * This page saved a post in deal `id`: the forms read the deals again and the strip reads that
 * deal, at once, instead of waiting for the next live check.
 */
export function dealWritten(id: string): void {
  known = null;
  written.set({ id });
}

/** Calls `listener` with each deal this page writes; returns the function that stops it. */
export function onDealWritten(listener: (id: string) => void): () => void {
  return onEachSet(written, (deal) => listener(deal.id));
}
