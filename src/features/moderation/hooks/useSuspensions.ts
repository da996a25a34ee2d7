import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { Suspension } from '../../comments';
import * as store from '../store/moderation';

export type Suspensions = ReadonlyMap<string, Suspension>;

/** Suspensions in force or past, by account id: read once, then kept by what this view changes. */
export function useSuspensions(): [Suspensions, Dispatch<SetStateAction<Suspensions>>] {
  const [suspensions, setSuspensions] = useState<Suspensions>(new Map());
  useEffect(() => {
    store
      .readSuspensions()
      .then(setSuspensions, (error: unknown) =>
        console.error('Could not read the suspensions', error),
      );
  }, []);
  return [suspensions, setSuspensions];
}
