import { createExternalStore } from '../../../shared/state/externalStore';
import type { HeldComment } from '../data/review';

/**
 * The signed-in fan's own comments the club holds for review, by post id: as read
 * (./ownHeldReads.ts) and as this page held them. Nobody else's page ever has them.
 */
const byPost = new Map<string, readonly HeldComment[]>();
export const ownHeld = createExternalStore(byPost);
const told = () => ownHeld.set(byPost);
const NONE: readonly HeldComment[] = [];

/** The fan's held comments and replies on the post, oldest first. */
export function heldOn(postId: string): readonly HeldComment[] {
  return byPost.get(postId) ?? NONE;
}

/** The fan's held comments as read (over any the page knew). */
export function setOwnHeld(all: readonly HeldComment[]): void {
  byPost.clear();
  for (const held of [...all].sort((a, b) => a.at - b.at)) addTo(held);
  told();
}

/** A comment this page held. */
export function addOwnHeld(held: HeldComment): void {
  addTo(held);
  told();
}

/** A held comment approved or rejected on this page (the club's own). */
export function dropOwnHeld(postId: string, id: string): void {
  const kept = heldOn(postId).filter((held) => held.id !== id);
  if (kept.length === heldOn(postId).length) return;
  byPost.set(postId, kept);
  told();
}

function addTo(held: HeldComment): void {
  const others = heldOn(held.postId).filter((each) => each.id !== held.id);
  byPost.set(held.postId, [...others, held]);
}

/** Forgets them (tests; another fan signed in). */
export function forgetOwnHeld(): void {
  byPost.clear();
  told();
}
