import { createExternalStore } from '../../../shared/state/externalStore';
import type { Comment } from '../../posts';

/**
 * What this page knows of each post's thread beyond its card, by post id, whichever list shows
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
  comment: Comment;
  /** Its `at`, as Firestore wrote it (RFC 3339): where the next page starts. */
  at: string;
}

/** The latest part of a thread that the page has read, oldest first. */
export interface HeldThread {
  entries: readonly ThreadEntry[];
  /** Whether `entries` reach back to the thread's first comment. */
  complete: boolean;
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

/**
 * How the post's thread is read: whether it may still hold a list of an earlier version (read
 * once the documents run out), as its card's summary tells.
 */
export interface ThreadSource {
  mayHoldList: boolean;
}

/**
 * Reads the next page of the post's thread (its latest comments first, then earlier ones), unless
 * a read is under way or the page holds it all.
 */
export function readThread(id: string, source: ThreadSource): void {
  if (reading.get(id) === 'loading' || held.get(id)?.complete) return;
  setThread(id, undefined, commentsPostedHere(id), 'loading');
  import('./threadReads').then(
    ({ readThreadPage }) => readThreadPage(id, source),
    () => setThread(id, undefined, commentsPostedHere(id), 'failed'),
  );
}

/** Reads the post's counters' sum (one read), the reads asked for in one task together. */
export function readCounted(id: string): void {
  import('./threadReads').then(
    ({ askForCount }) => askForCount(id),
    () => {},
  );
}

/** A stamp of a post's change, as the live checks read it (posts/data/changes.ts ChangeStamp). */
interface ThreadStamp {
  id: string;
  at: string;
  comment: string | null;
}

/** A busy thread stamps its post at most once in this long (firestore.rules stampsIfQuiet). */
const QUIET_MS = 10_000;
/**
 * Threads whose last stamp was under 10 seconds old when a check saw it: comments may have come
 * after it without stamping again, so the next check reads them too.
 */
const unsettled = new Set<string>();

/**
 * A live check read `stamps` (at `readTime`): what the page shows of each changed thread, and of
 * each left unsettled by the check before, is read again: its count (one read) and, while the
 * reader holds it open, the comments after the newest shown (one read a comment) and a removal the
 * stamp names (one read). A busy thread so costs a check at most its count, never a read per
 * comment, and its comments that did not stamp show by the next check.
 */
export function threadsChanged(stamps: readonly ThreadStamp[], readTime: string): void {
  const named = new Map<string, string | null>([...unsettled].map((id) => [id, null]));
  unsettled.clear();
  for (const { id, at, comment } of stamps) {
    named.set(id, comment);
    if (Date.parse(readTime) - Date.parse(at) < QUIET_MS) unsettled.add(id);
  }
  const shown = [...named].filter(([id]) => counted.has(id) || held.has(id));
  if (shown.length === 0) return;
  import('./threadReads').then(
    (reads) => shown.forEach(([id, comment]) => void reads.refreshThread(id, comment)),
    () => {},
  );
}

/** Forgets every thread (tests; a page's state starts empty). */
export function forgetThreads(): void {
  held.clear();
  postedHere.clear();
  reading.clear();
  counted.clear();
  unsettled.clear();
  told();
}
