import { createExternalStore } from '../../../shared/state/externalStore';
import type { ThreadEntry, ThreadReading } from './threadState';

/**
 * What this page knows of comments' replies, by the id of the comment they answer: the first
 * REPLIES_SHOWN read when the comment shows, the rest when the reader opens them ('N replies'),
 * and this page's own replies. Reads load with the first one asked for (./replyReads.ts).
 */
export interface HeldReplies {
  /** The replies read or added here, oldest first. */
  entries: readonly ThreadEntry[];
  /** Whether `entries` reach the last reply read from Firestore (none left to read). */
  complete: boolean;
  /** A read under way, or the last one failed; null: neither. */
  reading: ThreadReading | null;
}

const held = new Map<string, HeldReplies>();
export const replies = createExternalStore(held);

export function heldReplies(commentId: string): HeldReplies | undefined {
  return held.get(commentId);
}

export function setReplies(commentId: string, value: HeldReplies): void {
  held.set(commentId, value);
  replies.set(held);
}

/** Forgets every reply (tests; a page's state starts empty). */
export function forgetReplies(): void {
  held.clear();
  replies.set(held);
}

/**
 * Reads the next replies to comment `commentId` of post `postId`: the first `count` (the first
 * read), then the rest 50 at a time. Nothing while a read is under way or none are left.
 */
export function readReplies(postId: string, commentId: string): void {
  const now = held.get(commentId);
  if (now?.reading === 'loading' || now?.complete) return;
  setReplies(commentId, { entries: now?.entries ?? [], complete: false, reading: 'loading' });
  import('./replyReads').then(
    ({ readReplyPage }) => readReplyPage(postId, commentId),
    () => setReplies(commentId, { ...(held.get(commentId) ?? EMPTY), reading: 'failed' }),
  );
}

const EMPTY: HeldReplies = { entries: [], complete: false, reading: null };
