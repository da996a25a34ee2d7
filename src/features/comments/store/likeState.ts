import { createExternalStore } from '../../../shared/state/externalStore';
import type { LikeFold } from '../../feed/data/writes';

/**
 * What this page knows of likes beyond each comment's own count (its thread entry's `likes`), by
 * post id: the like counters that hold likes, read when the thread opens (./likeReads.ts), and
 * which comments the signed-in fan likes. This page's own likes move both (./threadWrites.ts).
 */

/** A comment's like counters that hold likes: their sum, and the one a like may move. */
export interface PendingLikes {
  sum: number;
  holding: LikeFold | null;
}

const pending = new Map<string, ReadonlyMap<string, PendingLikes>>();
const mine = new Map<string, ReadonlySet<string>>();
/** Told of every change (readers select their comment's part). */
export const likes = createExternalStore({ pending, mine });
const told = () => likes.set(likes.get());
const NONE: ReadonlySet<string> = new Set();

/** Comment `commentId`'s likes on its counters, if it has any. */
export function pendingLikes(postId: string, commentId: string): PendingLikes | undefined {
  return pending.get(postId)?.get(commentId);
}

/** Whether the signed-in fan likes comment `commentId`, as read or done here. */
export function likedHere(postId: string, commentId: string): boolean {
  return (mine.get(postId) ?? NONE).has(commentId);
}

/** Whether the post's counters have been read (or their read is under way). */
export function countersRead(postId: string): boolean {
  return pending.has(postId);
}

export function setPending(postId: string, byComment: ReadonlyMap<string, PendingLikes>): void {
  pending.set(postId, byComment);
  told();
}

/** Comment `commentId`'s counters changed here: `change` from what the page knows. */
export function changePending(
  postId: string,
  commentId: string,
  change: (before: PendingLikes) => PendingLikes,
): void {
  const byComment = new Map(pending.get(postId));
  byComment.set(commentId, change(byComment.get(commentId) ?? { sum: 0, holding: null }));
  setPending(postId, byComment);
}

/** The comments of the post the fan likes, as read (over any the page knew). */
export function setMine(postId: string, liked: Iterable<string>): void {
  mine.set(postId, new Set(liked));
  told();
}

/** This page's like made or taken back. */
export function markMine(postId: string, commentId: string, liked: boolean): void {
  const next = new Set(mine.get(postId));
  if (liked) next.add(commentId);
  else next.delete(commentId);
  setMine(postId, next);
}

/** Forgets every like (tests; a page's state starts empty; another fan signed in). */
export function forgetLikes(): void {
  pending.clear();
  mine.clear();
  told();
}
