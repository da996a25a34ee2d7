import { createExternalStore } from '../../../shared/state/externalStore';
import type { Comment } from '../../posts';

/**
 * The whole threads this page has read, by post id, whichever list shows the post (the feed, a
 * permalink, a deal's feed). Pages read posts without their comments (postsQuery.POST_CARD_FIELDS);
 * a thread is read when its reader opens it, or when an older version wrote the post without a
 * count (./threadReads.ts, loaded then). Once held, a thread stays current: the live checks re-read
 * held threads whole (./changeReads.ts), and this page's own comments and removals are applied
 * (./threadWrites.ts). This module holds the state only, so a visitor's first load carries little.
 */
export type ThreadReading = 'loading' | 'failed';

const held = new Map<string, Comment[]>();
/** Comments this page added to a thread it does not hold: its card shows them at once. */
const postedHere = new Map<string, readonly Comment[]>();
/** Reads of whole threads under way, and those that failed (reading again tries anew). */
const reading = new Map<string, ThreadReading>();
const NONE: readonly Comment[] = [];
/** Told of every change to the three maps above (readers select their post's part). */
export const threads = createExternalStore({ held, postedHere, reading });
const told = () => threads.set(threads.get());

/** The post's whole thread, oldest first, if this page holds it. */
export function heldThread(id: string): Comment[] | undefined {
  return held.get(id);
}

/** The comments this page added to the post while not holding its thread (none: an empty list). */
export function commentsPostedHere(id: string): readonly Comment[] {
  return postedHere.get(id) ?? NONE;
}

/** Whether the post's whole thread is being read, or its last read failed; null: neither. */
export function threadReading(id: string): ThreadReading | null {
  return reading.get(id) ?? null;
}

/**
 * Sets what the page knows of a post's thread (undefined: leaves it), the comments it shows apart
 * (`own`), and how its read stands (null: none under way or failed).
 */
export function setThread(
  id: string,
  thread: Comment[] | undefined,
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

/** Reads the post's whole thread (one read), unless that read is under way. */
export function readThread(id: string): void {
  if (reading.get(id) === 'loading') return;
  setThread(id, undefined, commentsPostedHere(id), 'loading');
  import('./threadReads').then(
    ({ askForThread }) => askForThread(id, setThread),
    () => setThread(id, undefined, commentsPostedHere(id), 'failed'),
  );
}

/** Forgets every thread (tests; a page's state starts empty). */
export function forgetThreads(): void {
  held.clear();
  postedHere.clear();
  reading.clear();
  told();
}
