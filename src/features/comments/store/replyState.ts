import { createExternalStore } from '../../../shared/state/externalStore';
import type { ThreadEntry, ThreadReading } from './threadState';

/**
 * What this page knows of comments' replies, by the id of the comment they answer: the first
 * REPLIES_SHOWN read when the comment shows, the rest when the reader opens them ('N replies'),
 * and this page's own replies. The state alone, so the reads (./replyReads.ts, loaded with the
 * first asked for by ./replies.ts) use it without an import circle.
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

/** The comment whose held replies include reply `id`, if any. */
export function replyParentOf(id: string): string | undefined {
  for (const [commentId, { entries }] of held) {
    if (entries.some((entry) => entry.id === id)) return commentId;
  }
  return undefined;
}

/** Forgets every reply (tests; a page's state starts empty). */
export function forgetReplies(): void {
  held.clear();
  replies.set(held);
}

export const NO_REPLIES: HeldReplies = { entries: [], complete: false, reading: null };
