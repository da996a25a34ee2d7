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

/** Where the next comment on a post is counted, by the writer's view of it. */
export function countedByFor(view: ThreadView): CountedBy {
  if (view.moreComments) return 'counter';
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
  for (let attempt = 1; ; attempt += 1) {
    const countedBy = countedByFor(view);
    try {
      await keptEvenIfUnanswered(store, write.postId, id, () =>
        commitCounted(store, write, id, view, countedBy),
      );
      return { summary: summaryAfter(view, countedBy, write.comment), countedBy };
    } catch (error) {
      if (storeErrorCode(error) !== 'permission-denied' || attempt === VIEW_REFRESHES) throw error;
      const fresh = await readThreadView(store, write.postId);
      if (!fresh) throw new StoreError('not-found', 'The post was deleted.');
      if (countedByFor(fresh) === countedBy && sameView(fresh, view)) throw error;
      view = fresh;
      write.onRetry?.();
    }
  }
}

/**
 * A commit that got no answer (the connection dropped, or a deadline passed) may still have been
 * taken. The comment's id is its content, so one read of its document tells: there, the comment
 * was kept, exactly once, and the fan is told so rather than that it failed.
 */
async function keptEvenIfUnanswered(
  { sdk, db }: Store,
  postId: string,
  id: string,
  commit: () => Promise<void>,
): Promise<void> {
  try {
    await commit();
  } catch (error) {
    const code = storeErrorCode(error);
    if (code !== 'deadline-exceeded' && code !== 'unavailable') throw error;
    const stored = await sdk.getDoc(sdk.doc(db, POSTS, postId, THREAD, id)).catch(() => null);
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
 * the commit's time, or a time a script gives) and, when a counter counts it, which.
 */
export function threadComment<T>(comment: Comment, at: T, shard?: number) {
  return { ...comment, at, ...(shard !== undefined && { shard }) };
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

/** The comment's document in the thread, its moderation copy and the author's rate-limit stamp. */
function addDocuments(
  { sdk, db }: Store,
  batch: Batch,
  write: CommentWrite,
  id: string,
  shard?: number,
): void {
  const at = sdk.serverTimestamp();
  batch.set(sdk.doc(db, POSTS, write.postId, THREAD, id), threadComment(write.comment, at, shard));
  batch.set(sdk.doc(db, COMMENTS, id), commentCopy(write, at));
  batch.set(sdk.doc(db, COMMENTERS, write.uid), { last: at, target: id });
}

/** Counter `shard` of the post's thread moves by `step`, naming the comment added or removed. */
function count(
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

/** What a removal took away: the comment, counted by the post's summary or by a counter. */
export interface CommentRemoved {
  /** Null: the comment was not in the thread (already removed, or its post deleted). */
  countedBy: 'summary' | 'counter' | null;
}

/**
 * Removes a comment (the administrator's any, a fan's own) with its moderation copy: its document
 * is read (one read) to know what counts it, then deleted in one commit with that count. A comment
 * whose post was deleted leaves its copy and document with nothing to uncount. A comment still in
 * a list of an earlier version is refused: `npm run comments:migrate` moves such lists first.
 */
export async function commitRemoval(
  store: Store,
  postId: string,
  comment: Comment,
): Promise<CommentRemoved> {
  const { sdk, db } = store;
  const id = await commentId(postId, comment);
  const ref = sdk.doc(db, POSTS, postId, THREAD, id);
  const copyRef = sdk.doc(db, COMMENTS, id);
  const stored = await sdk.getDoc(ref);
  const shard: unknown = stored.get('shard');
  try {
    if (!stored.exists()) {
      await removeCopy(store, copyRef);
      // No document: already removed, or still in a list of an earlier version, whose comments
      // may have no copy to refuse the deletion above. One read of the post tells.
      const post = await sdk.getDoc(sdk.doc(db, POSTS, postId));
      if (post.exists() && isListed(post.get('comments'), comment)) throw listedRefusal();
      return { countedBy: null };
    }
    if (typeof shard === 'number') {
      // A removal always stamps, naming the comment, so open pages drop it at their next check.
      await retryingContention(() => {
        const batch = sdk.writeBatch(db);
        batch.delete(ref);
        batch.delete(copyRef);
        count(store, batch, postId, shard, id, -1);
        batch.set(
          sdk.doc(db, POST_CHANGES, postId),
          { at: sdk.serverTimestamp(), comment: id },
          { merge: true },
        );
        return batch.commit();
      });
      return { countedBy: 'counter' };
    }
    await retryingContention(() => {
      const batch = sdk.writeBatch(db);
      batch.delete(ref);
      batch.delete(copyRef);
      batch.update(sdk.doc(db, POSTS, postId), {
        commentCount: sdk.increment(-1),
        cardComments: sdk.arrayRemove(comment),
      });
      batch.set(sdk.doc(db, POST_CHANGES, postId), postStamp(sdk, id));
      return batch.commit();
    });
    return { countedBy: 'summary' };
  } catch (error) {
    const code = storeErrorCode(error);
    if (code !== 'permission-denied' && code !== 'not-found') throw error;
    // Refused: the post may be gone (nothing left to count), or hold the comment in a list of an
    // earlier version. One read of the post tells.
    const post = await sdk.getDoc(sdk.doc(db, POSTS, postId));
    if (post.exists()) {
      if (isListed(post.get('comments'), comment)) throw listedRefusal();
      throw error;
    }
    const batch = sdk.writeBatch(db);
    if (stored.exists()) batch.delete(ref);
    batch.delete(copyRef);
    await batch.commit();
    return { countedBy: null };
  }
}

/** The copy of a comment no longer in its thread (a list of an earlier version refuses it). */
async function removeCopy(
  { sdk }: Store,
  copyRef: Parameters<Store['sdk']['deleteDoc']>[0],
): Promise<void> {
  await sdk.deleteDoc(copyRef);
}

/** Whether a post's `comments` (a list of an earlier version, when there is one) holds it. */
function isListed(listed: unknown, comment: Comment): boolean {
  return Array.isArray(listed) && listed.some((each) => sameComment(each, comment));
}

function listedRefusal(): StoreError {
  return new StoreError(
    'old-thread',
    'This comment is in a list of an earlier version: run npm run comments:migrate first.',
  );
}

function sameComment(value: unknown, { user, text, date }: Comment): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const fields: Record<string, unknown> = { ...value };
  return fields.user === user && fields.text === text && fields.date === date;
}
