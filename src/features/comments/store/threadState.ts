import { createExternalStore } from '../../../shared/state/externalStore';
import type { Comment } from '../../../shared/posts/post';

/**
 * The state of ./threads.ts, apart so that the reads it loads (./threadReads.ts) use it without an
 * import circle. What this page knows of each post's thread beyond its card, by post id, whichever list shows
 * the post (the feed, a permalink, a deal's feed). A thread is documents of its own
 * (posts/{id}/comments), read a page at a time, newest first, when its reader opens it
 * (./threadReads.ts, loaded then); the live checks add what others write to a thread the page
 * holds, and this page's own comments and removals are applied (./threadWrites.ts). A long
 * thread's count is its post's plus its counters' sum, read when its card shows. This module holds
 * the state only, so a visitor's first load carries little.
 */
export type ThreadReading = 'loading' | 'failed';

/** One comment of a thread as read: its id and time order it ('' for a list's of old). */
export interface ThreadEntry {
  id: string;
  /** Its text and author; empty on a removed comment's mark. */
  comment: Comment;
  /** Its `at` (a reply's `replyAt`), as Firestore wrote it (RFC 3339): where the next page starts. */
  at: string;
  /** How many replies it has (none when absent). */
  replies?: number;
  /** A removed comment's mark, left in its place because it has replies. */
  removed?: true;
  /** Its own count of likes (its like counters hold the rest: ./likeState.ts). */
  likes?: number;
  /** When that count last moved (milliseconds): a like within the second goes to a counter. */
  likedAt?: number;
}

/** The latest part of a thread that the page has read, oldest first. */
export interface HeldThread {
  entries: readonly ThreadEntry[];
  /** Whether `entries` reach back to the thread's first comment. */
  complete: boolean;
}

/**
 * How the post's thread is read: whether it may still hold a list of an earlier version (read
 * once the documents run out), as its card's summary tells.
 */
export interface ThreadSource {
  mayHoldList: boolean;
}

const held = new Map<string, HeldThread>();
/** Comments this page added to a thread it does not hold: its card shows them at once. */
const postedHere = new Map<string, readonly Comment[]>();
/** Reads of threads under way, and those that failed (reading again tries anew). */
const reading = new Map<string, ThreadReading>();
/** A long thread's counters' sum, as last read (and moved by this page's own writes). */
const counted = new Map<string, number>();
const NONE: readonly Comment[] = [];
/** Told of every change to the maps above (readers select their post's part). */
export const threads = createExternalStore({ held, postedHere, reading, counted });
const told = () => threads.set(threads.get());

/** The part of the post's thread this page holds, if any. */
export function heldThread(id: string): HeldThread | undefined {
  return held.get(id);
}

/** The comments this page added to the post while not holding its thread (none: an empty list). */
export function commentsPostedHere(id: string): readonly Comment[] {
  return postedHere.get(id) ?? NONE;
}

/** Whether a read of the post's thread is under way, or its last one failed; null: neither. */
export function threadReading(id: string): ThreadReading | null {
  return reading.get(id) ?? null;
}

/** The sum of the post's counters, if read. */
export function countedByCounters(id: string): number | undefined {
  return counted.get(id);
}

/**
 * Sets what the page knows of a post's thread (undefined: leaves it), the comments it shows apart
 * (`own`), and how its read stands (null: none under way or failed).
 */
export function setThread(
  id: string,
  thread: HeldThread | undefined,
  own: readonly Comment[],
  read: ThreadReading | null = null,
): void {
  if (thread) held.set(id, thread);
  if (own.length > 0) postedHere.set(id, own);
  else postedHere.delete(id);
  if (read) reading.set(id, read);
  else reading.delete(id);
  told();
}

/** Sets the post's counters' sum (a read's, or moved by `step` from what the page knows). */
export function setCounted(id: string, count: number): void {
  counted.set(id, count);
  told();
}

/** Forgets every thread (tests; a page's state starts empty). */
export function forgetThreads(): void {
  held.clear();
  postedHere.clear();
  reading.clear();
  counted.clear();
  alsoForgotten.forEach((forget) => forget());
  told();
}

const alsoForgotten = new Set<() => void>();

/** What forgetThreads also clears (./threads.ts's unsettled threads, ./threadReads.ts's cursors). */
export function alsoForget(forget: () => void): void {
  alsoForgotten.add(forget);
}
