import { useEffect } from 'react';
import { useExternalStore } from '../../../shared/state/externalStore';
import type { HeldComment } from '../data/review';
import { heldOn, ownHeld } from '../store/heldState';
import { readOwnHeld } from '../store/ownHeld';

/**
 * The signed-in fan's comments on a post that wait for the club's review: read once a page (one
 * read a held comment, one when none), and those held here since.
 */
export function useOwnHeld(postId: string, email: string): readonly HeldComment[] {
  useEffect(() => readOwnHeld(email), [email]);
  return useExternalStore(ownHeld, () => heldOn(postId));
}
