import { useEffect, useState } from 'react';
import type { Deal } from '../data/deal';
import { listDeals } from '../store/dealReads';

// Read once for the administrator's forms (the composer and every edit box share it), and again
// after a save that may have created a deal.
let known: Promise<Deal[]> | null = null;

function readKnownDeals(): Promise<Deal[]> {
  if (!known) {
    known = listDeals('all');
    // A failed read is tried again by the next form that asks.
    known.catch(() => {
      known = null;
    });
  }
  return known;
}

/** After a save that named a deal: the next form reads the list again. */
export function forgetKnownDeals(): void {
  known = null;
}

/**
 * The deals the administrator's 'Deal' field offers: the most recently changed ones (empty until
 * read, or when the read fails: the field still takes any name).
 */
export function useKnownDeals(): Deal[] {
  const [deals, setDeals] = useState<Deal[]>([]);
  useEffect(() => {
    let current = true;
    readKnownDeals().then(
      (read) => {
        if (current) setDeals(read);
      },
      (error: unknown) => console.warn('Could not read the deals for the Deal field', error),
    );
    return () => {
      current = false;
    };
  }, []);
  return deals;
}
