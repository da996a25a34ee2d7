import { config } from '../../../shared/config';
import { decodeBatch } from '../../../shared/rest/batchGet';
import { documentData, isRecord, runQueryDocuments } from '../../../shared/rest/restDecode';
import { documentsRoot } from '../../../shared/posts/postsQuery';
import { postRest, postRestUnder } from '../../../shared/posts/restReads';
import { readLikeCounters } from './likeReads';
import { toAddedEntry, toEntry } from './threadDecode';
import { toComments } from '../data/commentList';
import { THREAD } from '../data/commentCopies';
import {
  COUNTERS_SUM,
  THREAD_PAGE,
  addedQuery,
  threadQuery,
  type ThreadCursor,
} from '../data/threadQueries';
import {
  alsoForget,
  commentsPostedHere,
  countedByCounters,
  heldThread,
  setCounted,
  setThread,
  threadReading,
  type ThreadEntry,
  type ThreadSource,
} from './threadState';

/**
 * The reads of threads (loaded by ./threads.ts with the first thread or count asked for), over
 * Firestore's REST API: a page of a thread's documents (one read a comment), a list of an earlier
 * version (one read, any length), a long thread's count (one aggregation of its counters: one
 * read), and the comments written after the newest the page holds.
 */

/** Where a page of the thread continues from: the comment's time and full name. */
function cursorOf(postId: string, entry: ThreadEntry): ThreadCursor {
  const root = documentsRoot(config.firebase.projectId);
  return { at: entry.at, name: `${root}/posts/${postId}/${THREAD}/${entry.id}` };
}

async function readEntries(
  postId: string,
  direction: 'ASCENDING' | 'DESCENDING',
  from: ThreadEntry | undefined,
): Promise<ThreadEntry[]> {
  const query = threadQuery(direction, from && cursorOf(postId, from));
  return postRestUnder(`posts/${postId}`, 'runQuery', query, (json) =>
    runQueryDocuments(json).flatMap(toEntry),
  );
}

/** The post's list of an earlier version (its `comments` alone: one read), oldest first. */
async function readList(postId: string): Promise<ThreadEntry[]> {
  const documents = [`${documentsRoot(config.firebase.projectId)}/posts/${postId}`];
  const got = await postRest(
    'batchGet',
    { documents, mask: { fieldPaths: ['comments'] } },
    (json) => decodeBatch(json, (document) => toComments(documentData(document)) ?? []),
  );
  return (got.found[0] ?? []).map((comment) => ({ id: '', comment, at: '' }));
}

/**
 * The next page back of the post's thread: THREAD_PAGE comments before the earliest it holds (the
 * latest when it holds none); when the documents run out, a list of an earlier version before them.
 */
export async function readThreadPage(postId: string, source: ThreadSource): Promise<void> {
  void readLikeCounters(postId);
  try {
    const earliest = heldThread(postId)?.entries.find((entry) => entry.at !== '');
    const page = (await readEntries(postId, 'DESCENDING', earliest)).reverse();
    const complete = page.length < THREAD_PAGE;
    const listed = complete && source.mayHoldList ? await readList(postId) : [];
    // This page's own comments, shown apart until now, are among those read or come after them.
    const known = new Set(page.map((entry) => entry.id));
    const later = (heldThread(postId)?.entries ?? []).filter((entry) => !known.has(entry.id));
    setThread(postId, { entries: [...listed, ...page, ...later], complete }, [], null);
  } catch (error) {
    console.warn('Could not read the comments', error);
    setThread(postId, undefined, commentsPostedHere(postId), 'failed');
  }
}

/** Where the last read of comments and replies added ended, by post: the next starts after it. */
const addedThrough = new Map<string, ThreadCursor>();
alsoForget(() => addedThrough.clear());

/**
 * The comments and replies added to a held thread after the newest the page read (one query: one
 * read a document, one when none): comments at its end, replies under their comments. Used by the
 * live checks when the post's stamp moved.
 */
export async function readAdded(postId: string): Promise<void> {
  const thread = heldThread(postId);
  if (!thread) return;
  const newestRead = thread.entries.findLast((entry) => entry.at !== '');
  const newest = newestRead && cursorOf(postId, newestRead);
  const through = addedThrough.get(postId);
  const from =
    through && (!newest || Date.parse(through.at) >= Date.parse(newest.at)) ? through : newest;
  const added = await postRestUnder(`posts/${postId}`, 'runQuery', addedQuery(from), (json) =>
    runQueryDocuments(json).flatMap(toAddedEntry),
  );
  const last = added.at(-1);
  if (last) addedThrough.set(postId, { ...cursorOf(postId, last.entry), at: last.addedAt });
  const current = heldThread(postId) ?? thread;
  const known = new Set(current.entries.map((entry) => entry.id));
  const comments = added.flatMap(({ entry, replyTo }) =>
    replyTo === undefined && !known.has(entry.id) ? [entry] : [],
  );
  const entries = [...current.entries, ...comments];
  setThread(postId, { ...current, entries }, [], threadReading(postId));
  const replies = added.filter((each) => each.replyTo !== undefined);
  if (replies.length > 0) (await import('./replyReads')).showAddedReplies(postId, replies);
}

/**
 * What the page shows of a thread that changed elsewhere, read again: its count when the page
 * shows one from the counters, and while the thread is open the comments after the newest shown,
 * and whether `named` (the comment the stamp names) is still there when the page shows it.
 */
export async function refreshThread(postId: string, named: string | null): Promise<void> {
  try {
    const before = countedByCounters(postId);
    const shownBefore = heldThread(postId)?.entries.some((entry) => entry.id === named) ?? false;
    const [count] = await Promise.all([
      before === undefined ? undefined : readCount(postId),
      heldThread(postId) && readAdded(postId),
    ]);
    if (count !== undefined) setCounted(postId, count);
    // More than one comment gone since the last check: the stamp names only the last, so the
    // shown ones are asked for (one read each); else only the one it names, if shown.
    const gone = before !== undefined && count !== undefined && count < before - 1;
    const thread = heldThread(postId);
    const asked = gone
      ? (thread?.entries.flatMap((entry) => (entry.id ? [entry.id] : [])) ?? [])
      : named && shownBefore
        ? [named]
        : [];
    if (asked.length > 0) await dropRemoved(postId, asked);
    // A stamp naming no comment the thread shows may name a reply removed.
    const held = heldThread(postId);
    if (named && held && !held.entries.some((entry) => entry.id === named)) {
      await (await import('./replyReads')).dropRemovedReply(postId, named);
    }
  } catch (error) {
    console.warn('Could not read the comments again', error);
  }
}

/**
 * Takes the comments of `ids` whose documents are gone out of the held thread, and shows those
 * left as a removed mark as such (one read each).
 */
async function dropRemoved(postId: string, ids: readonly string[]): Promise<void> {
  const root = documentsRoot(config.firebase.projectId);
  const documents = ids.map((id) => `${root}/posts/${postId}/${THREAD}/${id}`);
  const mask = { fieldPaths: ['at', 'removed', 'replies'] };
  const got = await postRest('batchGet', { documents, mask }, (json) =>
    decodeBatch(json, (document) => toEntry(document)),
  );
  const missing = new Set(got.missing);
  const marks = new Map(
    got.found.flat().flatMap((entry) => (entry.removed ? [[entry.id, entry]] : [])),
  );
  const thread = heldThread(postId);
  if ((missing.size === 0 && marks.size === 0) || !thread) return;
  const entries = thread.entries.flatMap((entry) =>
    missing.has(entry.id) ? [] : [marks.get(entry.id) ?? entry],
  );
  setThread(postId, { ...thread, entries }, commentsPostedHere(postId), threadReading(postId));
}

let asked: Set<string> | null = null;

/** Reads the post's counters' sum, with every count asked for in this task, one read each. */
export function askForCount(id: string): void {
  if (!asked) {
    const ids = new Set<string>();
    asked = ids;
    queueMicrotask(() => {
      asked = null;
      // Each read starts in a task of its own: a fetch() costs its caller up to a millisecond,
      // and every card that nears the screen in one task asks in that task.
      ids.forEach((each) =>
        setTimeout(() =>
          readCount(each).then(
            (count) => setCounted(each, count),
            (error: unknown) => console.warn('Could not read the count of comments', error),
          ),
        ),
      );
    });
  }
  asked.add(id);
}

/** The sum of the post's counters: one aggregation (one read for all of them). */
export function readCount(postId: string): Promise<number> {
  return postRestUnder(`posts/${postId}`, 'runAggregationQuery', COUNTERS_SUM, decodeSum);
}

function decodeSum(json: unknown): number {
  const first: unknown = Array.isArray(json) ? json[0] : null;
  const fields =
    isRecord(first) && isRecord(first.result) && isRecord(first.result.aggregateFields)
      ? first.result.aggregateFields
      : {};
  const n = fields.n;
  if (!isRecord(n)) return 0;
  return Number(n.integerValue ?? n.doubleValue ?? 0);
}
