import { useEffect, useState } from 'react';
import { useExternalStore } from '../../../shared/state/externalStore';
import type { Deal } from '../data/deal';
import { readKnownDeals, written } from '../state/knownDeals';

/**
 * The deals the administrator's 'Deal' field offers: the most recently changed ones (empty until
 * read, or when the read fails: the field still takes any name).
 */
export function useKnownDeals(): Deal[] {
  const [deals, setDeals] = useState<Deal[]>([]);
  const lastWritten = useExternalStore(written);
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
  }, [lastWritten]);
  return deals;
}
