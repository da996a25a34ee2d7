import { POSTS, POST_CHANGES } from '../../../shared/collections';
import { LIMITS } from '../../../shared/limits';
import { StoreError, storeErrorCode } from '../../../shared/errors/storeError';
import { retryingContention } from '../../../shared/store/contention';
import { postStamp } from '../../../shared/store/postStamp';
import type { Batch, Store } from '../../../shared/store/firestoreWrites';
import type { Comment, CommentSummary } from '../../../shared/posts/post';
import type { CountedBy } from '../data/writes';
import {
  COMMENTERS,
  COMMENTS,
  COUNTERS,
  THREAD,
  commentId,
} from '../../comments/data/commentCopies';
import { APPROVALS, HELD_COMMENTS } from '../../comments/data/review';

/**
 * The one recipe for a comment's commits (firestore.rules, posts/{postId}/comments): the app's
 * writes (./commentWrites.ts) run it on the app's database, and the rules tests, the browser
 * tests' helpers, the seeds and the benches on one of their own (`Store`). It imports nothing that
 * needs the app's settings. docs/deadline-day.md says why a comment is laid out so.
 *
 * A comment is a document of its post's thread, with its moderation copy and the author's
 * rate-limit stamp, in one commit, and counted in that commit by one of:
 * - the post's summary while it holds the whole thread (`summary`): the post's count one more and
 *   the comment on its card, stamped as any write of the post;
 * - the mark (`mark`): the first comment the summary cannot hold marks the post `moreComments`
 *   and is counted by a counter;
 * - a counter (`counter`), one of 64 picked at random, so a busy thread spreads its writes; the
 *   post is not written, and its stamp only when 10 seconds old (a busy thread stamps at most once
 *   in 10 seconds: the rules hold the stamp to exactly that).
 */

/** Where a comment is counted; see above. */
export type { CountedBy };

/** A post's summary as a writer knows it, and whether it still holds a list of an earlier version. */
export interface ThreadView extends CommentSummary {
  /** The length of the post's `comments` list of an earlier version; 0 when unknown. */
  listed: number;
}

export interface CommentWrite {
  postId: string;
  /** The post's title, which the moderation copy repeats. */
  postTitle: string;
  /** The post's summary as the page read it: a blind write's guess, read again when refused. */
  view: CommentSummary;
  comment: Comment;
  uid: string;
  /** Told when the commit is made again (Firestore asked for it, or the page's view was old). */
  onRetry?: () => void;
  /** The counter that counts it, when a counter does; by default one at random. */
  shard?: number;
  /** A reply's: the id of the comment it answers (a comment, never a reply). */
  replyTo?: string;
  /**
   * The author's approval (approvals/{uid}) written in the commit: 'author', their first comment
   * the club does not hold; 'administrator', the club's approval of their held comment, which
   * leaves heldComments in the commit (./heldCommits.ts). Absent: the author is approved already.
   */
  approval?: 'author' | 'administrator';
}

export interface CommentAdded {
  /** The post's summary after the comment, as far as the writer can tell. */
  summary: CommentSummary;
  countedBy: CountedBy;
}

/** How many times a comment refused for an out-of-date view of its post is made again. */
const VIEW_REFRESHES = 4;
/** A busy thread's stamp is written when it is at least this old (firestore.rules stampsIfQuiet). */
const QUIET_MS = 10_000;

/**
 * Where the next comment on a post is counted, by the writer's view of it. A reply is never in the
 * summary: a card's inline comments are flat, so the first reply marks the post.
 */
export function countedByFor(view: ThreadView, reply = false): CountedBy {
  if (view.moreComments) return 'counter';
  if (reply) return 'mark';
  const { commentCount, cardComments, listed } = view;
  const holdsThread = listed === 0 && commentCount !== null && cardComments.length === commentCount;
  return holdsThread && commentCount < LIMITS.cardComments ? 'summary' : 'mark';
}

/** The summary after a comment counted as `countedBy`, from the view it was written from. */
function summaryAfter(view: ThreadView, countedBy: CountedBy, comment: Comment): CommentSummary {
  if (countedBy === 'summary') {
    return {
      commentCount: (view.commentCount ?? 0) + 1,
      cardComments: [...view.cardComments, comment],
      moreComments: false,
    };
  }
  return { commentCount: view.commentCount ?? view.listed, cardComments: [], moreComments: true };
}

/**
 * Adds a comment, blind from the page's view of its post: when the rules refuse it because the view
 * was out of date (other comments filled the summary meanwhile), the post is read again (one read)
 * and the comment made again from it. A refusal with the post as it is is final: the post is
 * closed, the account suspended or too quick.
 */
export async function commitComment(store: Store, write: CommentWrite): Promise<CommentAdded> {
  let view: ThreadView = { ...write.view, listed: 0 };
  const id = await commentId(write.postId, write.comment);
  const reply = write.replyTo !== undefined;
  for (let attempt = 1; ; attempt += 1) {
    const countedBy = countedByFor(view, reply);
    try {
      await keptEvenIfUnanswered(store, [POSTS, write.postId, THREAD, id], () =>
        commitCounted(store, write, id, view, countedBy),
      );
      return { summary: summaryAfter(view, countedBy, write.comment), countedBy };
    } catch (error) {
      if (storeErrorCode(error) !== 'permission-denied' || attempt === VIEW_REFRESHES) throw error;
      const fresh = await readThreadView(store, write.postId);
      if (!fresh) throw new StoreError('not-found', 'The post was deleted.');
      if (countedByFor(fresh, reply) === countedBy && sameView(fresh, view)) throw error;
      view = fresh;
      write.onRetry?.();
    }
  }
}

/**
 * A commit that got no answer (the connection dropped, or a deadline passed) may still have been
 * taken. The comment's id is its content, so one read of its document (at `path`) tells: there,
 * the comment was kept, exactly once, and the fan is told so rather than that it failed.
 */
export async function keptEvenIfUnanswered(
  { sdk, db }: Store,
  [collection, ...segments]: [string, ...string[]],
  commit: () => Promise<void>,
): Promise<void> {
  try {
    await commit();
  } catch (error) {
    const code = storeErrorCode(error);
    if (code !== 'deadline-exceeded' && code !== 'unavailable') throw error;
    const stored = await sdk.getDoc(sdk.doc(db, collection, ...segments)).catch(() => null);
    if (!stored?.exists()) throw error;
  }
}

function sameView(a: ThreadView, b: ThreadView): boolean {
  return (
    a.commentCount === b.commentCount &&
    a.listed === b.listed &&
    a.cardComments.length === b.cardComments.length &&
    a.moreComments === b.moreComments
  );
}

/** The post's summary as stored, and the length of any list of an earlier version; null: gone. */
export async function readThreadView(store: Store, postId: string): Promise<ThreadView | null> {
  const { sdk, db } = store;
  const snapshot = await sdk.getDoc(sdk.doc(db, POSTS, postId));
  if (!snapshot.exists()) return null;
  const { commentCount, cardComments, moreComments, comments } = snapshot.data();
  return {
    commentCount: Number.isInteger(commentCount) ? Number(commentCount) : null,
    cardComments: Array.isArray(cardComments) ? cardComments : [],
    moreComments: moreComments === true,
    listed: Array.isArray(comments) ? comments.length : 0,
  };
}

async function commitCounted(
  store: Store,
  write: CommentWrite,
  id: string,
  view: ThreadView,
  countedBy: CountedBy,
): Promise<void> {
  const { sdk, db } = store;
  const { postId, comment } = write;
  const postRef = sdk.doc(db, POSTS, postId);
  const stampRef = sdk.doc(db, POST_CHANGES, postId);
  if (countedBy === 'counter') {
    const shard = write.shard ?? Math.floor(Math.random() * LIMITS.commentCounters);
    return stampedIfQuiet(store, postId, id, { onRetry: write.onRetry }, (batch) => {
      addDocuments(store, batch, write, id, shard);
      count(store, batch, postId, shard, id, 1);
    });
  }
  await retryingContention(() => {
    const batch = sdk.writeBatch(db);
    if (countedBy === 'summary') {
      addDocuments(store, batch, write, id);
      batch.update(postRef, {
        commentCount: sdk.increment(1),
        cardComments: sdk.arrayUnion(comment),
      });
    } else {
      const shard = write.shard ?? Math.floor(Math.random() * LIMITS.commentCounters);
      addDocuments(store, batch, write, id, shard);
      count(store, batch, postId, shard, id, 1);
      batch.update(postRef, {
        moreComments: true,
        cardComments: [],
        commentCount: view.commentCount ?? view.listed,
      });
    }
    batch.set(stampRef, postStamp(sdk, id));
    return batch.commit();
  }, write.onRetry);
}

/**
 * A comment's document in its post's thread: the spec's fields, when (`at`, the thread's order:
 * the commit's time, or a time a script gives; `addedAt` the same, the order in which an open
 * thread's live check reads comments and replies together) and, when a counter counts it, which.
 */
export function threadComment<T>(comment: Comment, at: T, shard?: number) {
  return { ...comment, at, addedAt: at, ...(shard !== undefined && { shard }) };
}

/**
 * A reply's document: the spec's fields, the comment it answers, when (`replyAt`, its comment's
 * replies' order; it has no `at`, so the thread's pages list comments alone; `addedAt` as a
 * comment's) and its counter.
 */
export function threadReply<T>(comment: Comment, replyTo: string, at: T, shard: number) {
  return { ...comment, replyTo, replyAt: at, addedAt: at, shard };
}

/** A comment's moderation copy (comments/{id}), read only by the administrator. */
export function commentCopy<T>(
  {
    postId,
    postTitle,
    comment,
    uid,
  }: Pick<CommentWrite, 'postId' | 'postTitle' | 'comment' | 'uid'>,
  at: T,
) {
  return { postId, postTitle, ...comment, uid, at, reports: 0, reported: false };
}

/**
 * The comment's document in the thread (a reply's, with its comment's count of replies moved), its
 * moderation copy and the author's rate-limit stamp (not when the club approves it), with the
 * approval the write names.
 */
function addDocuments(
  store: Store,
  batch: Batch,
  write: CommentWrite,
  id: string,
  shard?: number,
): void {
  const { sdk, db } = store;
  const { postId, replyTo, comment } = write;
  const at = sdk.serverTimestamp();
  const ref = sdk.doc(db, POSTS, postId, THREAD, id);
  if (replyTo !== undefined && shard !== undefined) {
    batch.set(ref, threadReply(comment, replyTo, at, shard));
    batch.update(sdk.doc(db, POSTS, postId, THREAD, replyTo), repliesMoved(store, id, 1));
  } else {
    batch.set(ref, threadComment(comment, at, shard));
  }
  batch.set(sdk.doc(db, COMMENTS, id), commentCopy(write, at));
  if (write.approval !== 'administrator') {
    batch.set(sdk.doc(db, COMMENTERS, write.uid), { last: at, target: id });
  }
  if (write.approval !== undefined) {
    batch.set(sdk.doc(db, APPROVALS, write.uid), { postId, comment: id, at });
  }
  if (write.approval === 'administrator') batch.delete(sdk.doc(db, HELD_COMMENTS, id));
}

/** A comment's count of replies moves by `step`, naming the reply added or removed. */
export function repliesMoved({ sdk }: Store, replyId: string, step: 1 | -1) {
  return { replies: sdk.increment(step), lastReply: replyId };
}

/** Counter `shard` of the post's thread moves by `step`, naming the comment added or removed. */
export function count(
  { sdk, db }: Store,
  batch: Batch,
  postId: string,
  shard: number,
  id: string,
  step: 1 | -1,
): void {
  batch.set(
    sdk.doc(db, POSTS, postId, COUNTERS, String(shard)),
    { n: sdk.increment(step), last: id },
    { merge: true },
  );
}

/**
 * Commits a comment a counter counts, with the post's stamp when it is 10 seconds old (read first:
 * one read). A refusal may be a stamp written meanwhile, or a clock that took it for older than it
 * is: the commit is made once more with the other choice.
 */
async function stampedIfQuiet(
  store: Store,
  postId: string,
  id: string,
  { onRetry }: { onRetry?: () => void },
  write: (batch: Batch) => void,
): Promise<void> {
  const { sdk, db } = store;
  const stampRef = sdk.doc(db, POST_CHANGES, postId);
  let quiet = await stampIsQuiet(store, stampRef);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await retryingContention(() => {
        const batch = sdk.writeBatch(db);
        write(batch);
        if (quiet) batch.set(stampRef, { at: sdk.serverTimestamp(), comment: id }, { merge: true });
        return batch.commit();
      }, onRetry);
    } catch (error) {
      if (attempt === 2 || storeErrorCode(error) !== 'permission-denied') throw error;
      quiet = !quiet;
    }
  }
}

async function stampIsQuiet(
  { sdk }: Store,
  stampRef: Parameters<Store['sdk']['getDoc']>[0],
): Promise<boolean> {
  const at: unknown = (await sdk.getDoc(stampRef)).get('at');
  return !(at instanceof sdk.Timestamp) || Date.now() - at.toMillis() >= QUIET_MS;
}
