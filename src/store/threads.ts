import { config } from '../config';
import { decodeBatch } from '../data/batchGet';
import { withoutComment, type RemovedCopies } from '../data/feedReducer';
import { toComments, type Comment } from '../data/post';
import { documentsRoot } from '../data/postsQuery';
import { documentData, idOf } from '../data/restDecode';
import { postRest } from './restReads';

/**
 * The whole threads this page has read, by post id, whichever list shows the post (the feed, a
 * permalink, a deal's feed). Pages read posts without their comments (postsQuery.POST_CARD_FIELDS);
 * a thread is read when its reader opens it, or when an older version wrote the post without a
 * count. Once held, a thread stays current: the live checks re-read held threads whole
 * (store/changeReads.ts) and this page's own comments and removals are applied here.
 */
const held = new Map<string, Comment[]>();
/** Comments this page added to a thread it does not hold: its card shows them at once. */
const postedHere = new Map<string, Comment[]>();
/** Reads of whole threads under way, and those that failed (reading again tries anew). */
const reading = new Map<string, 'loading' | 'failed'>();
const listeners = new Set<() => void>();
/** Threads asked for in this task, read together in one batchGet (one read each). */
let asked: { ids: Set<string> } | null = null;

function notify(): void {
  listeners.forEach((listener) => listener());
}

export function subscribeThreads(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The post's whole thread, oldest first, if this page holds it. */
export function heldThread(id: string): Comment[] | undefined {
  return held.get(id);
}

/** The comments this page added to the post while not holding its thread (none: an empty list). */
export function commentsPostedHere(id: string): readonly Comment[] {
  return postedHere.get(id) ?? NONE;
}
const NONE: readonly Comment[] = [];

/** The ids of the threads this page holds: the live checks read these posts whole. */
export function heldThreadIds(): ReadonlySet<string> {
  return new Set(held.keys());
}

/** Keeps `comments` as the post's whole thread (a read that included them). */
export function holdThread(id: string, comments: Comment[]): void {
  held.set(id, comments);
  postedHere.delete(id);
  notify();
}

/** Whether the post's whole thread is being read, or its last read failed; null: neither. */
export function threadReading(id: string): 'loading' | 'failed' | null {
  return reading.get(id) ?? null;
}

/**
 * Reads the threads of `id` and of any other post asked for in the same task, in one batchGet:
 * one read per post, whatever its length. A post that no longer exists gets an empty thread. A
 * thread already being read is not asked for twice.
 */
export function readThread(id: string): void {
  if (reading.get(id) === 'loading') return;
  reading.set(id, 'loading');
  notify();
  if (!asked) {
    const ids = new Set<string>();
    queueMicrotask(() => {
      asked = null;
      readThreads([...ids]).catch((error: unknown) => {
        console.warn('Could not read the comments', error);
        ids.forEach((each) => reading.set(each, 'failed'));
        notify();
      });
    });
    asked = { ids };
  }
  asked.ids.add(id);
}

async function readThreads(ids: string[]): Promise<void> {
  const root = documentsRoot(config.firebase.projectId);
  const documents = ids.map((id) => `${root}/posts/${id}`);
  const mask = { fieldPaths: ['comments'] };
  const got = await postRest('batchGet', { documents, mask }, (json) =>
    decodeBatch(json, (document) => ({
      id: idOf(document.name),
      comments: toComments(documentData(document)) ?? [],
    })),
  );
  for (const { id, comments } of got.found) held.set(id, comments);
  for (const id of got.missing) held.set(id, []);
  for (const id of ids) {
    postedHere.delete(id);
    reading.delete(id);
  }
  notify();
}

/** This page's comment, committed: at the end of the held thread, or shown apart until read. */
export function addedHere(id: string, comment: Comment): void {
  const thread = held.get(id);
  if (thread) held.set(id, [...thread, comment]);
  else postedHere.set(id, [...commentsPostedHere(id), comment]);
  notify();
}

/** This page's removal, committed: gone from the held thread and from the comments shown apart. */
export function removedHere(id: string, comment: Comment, copies: RemovedCopies): void {
  const thread = held.get(id);
  if (thread) held.set(id, withoutComment(thread, comment, copies));
  const own = postedHere.get(id);
  if (own) postedHere.set(id, withoutComment(own, comment, copies));
  notify();
}

/** Forgets every thread (tests; a page's state starts empty). */
export function forgetThreads(): void {
  held.clear();
  postedHere.clear();
  reading.clear();
  asked = null;
  notify();
}
