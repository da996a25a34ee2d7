import { useEffect, type Dispatch } from 'react';
import { onCommitted } from '../commands';
import type { FeedAction } from '../data/feedState';

/** A feed takes every write this page commits, from whichever feature made it (../commands.ts). */
export function useCommittedWrites(dispatch: Dispatch<FeedAction>): void {
  useEffect(() => onCommitted(dispatch), [dispatch]);
}
