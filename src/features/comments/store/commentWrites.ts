import { POSTS } from '../../../shared/collections';
import { LIMITS } from '../../../shared/limits';
import { StoreError, storeErrorCode } from '../../../shared/errors/storeError';
import {
  call,
  commitWithStamp,
  stampInTransaction,
  type DocumentWriter,
  type Store,
} from '../../../shared/store/firestoreWrites';

// What `prepare` starts ahead of a write: the SDK, loaded by the write helper.
export { warmStore } from '../../../shared/store/firestoreWrites';
import {
  readPost,
  type Comment,
  type CommentSummary,
  type CommentedPost,
  type RemovedCopies,
} from '../../posts';
import {
  COMMENTERS,
  COMMENTS,
  REPORTS,
  commentId,
  reportId,
  type ReportReason,
} from '../data/commentCopies';
import { sameComment, summariseComments, toComments, withoutComment } from '../data/commentList';
import { addedHere, removedHere } from './threadWrites';
import { rateLimited } from './rateLimit';

/**
 * A fan's writes (and the administrator's removals): a comment appended, removed, reported. Loaded
 * with the first write through the comments feature's loadCommentWrites.
 */

/**
 * Appends atomically, so fans commenting at once all keep their comment. The same commit writes the
 * comment's moderation copy (comments/{id}), stamps the account's commenters/{uid} with the server
 * time and that id (the rules allow one comment every few seconds per account, to one post; a
 * refusal within that time rejects with code 'too-soon'), and keeps the post's comment summary
 * (commentSummary.ts) true to the list, as the rules require. Resolves with the post's summary
 * after the comment: as read when the post was read to write it, else as the page's view has it.
 */
export async function addComment(
  post: CommentedPost,
  comment: Comment,
  uid: string,
  { onRetry }: { onRetry?: () => void } = {},
): Promise<CommentSummary> {
  return call(async (store) => {
    const id = await commentId(post.id, comment);
    const write: CommentWrite = { post, comment, uid, copyId: id, onRetry };
    const commit = rateLimited(uid, () => appendComment(store, write));
    const summary = await unlessGone(store, post.id, commit);
    addedHere(post.id, comment);
    return summary;
  });
}

/**
 * The summary after a blind append, as the page's view has it (the rules held the server's to
 * the same): one more, and the card's comments while they held every comment and stay few.
 */
function summaryAfterAdding({ commentCount, cardComments }: CommentSummary, comment: Comment) {
  const count = (commentCount ?? 0) + 1;
  const cardHoldsAll = cardComments.length === commentCount;
  return {
    commentCount: count,
    cardComments: cardHoldsAll && count <= LIMITS.cardComments ? [...cardComments, comment] : [],
  };
}

interface CommentWrite {
  post: CommentedPost;
  comment: Comment;
  uid: string;
  /** The moderation copy's id (commentId). */
  copyId: string;
  /** Told when Firestore asked for the commit to be made again (contention). */
  onRetry?: () => void;
}

/** How many times a comment refused for an out-of-date view of its post is made again. */
const VIEW_REFRESHES = 4;

/**
 * Blind, without reading the post, when its summary is known: the list and the count grow on the
 * server (arrayUnion, increment), so fans commenting at once never wait for each other's reads. A
 * short thread's card comments are written from the page's view of the post; when other comments
 * made that view out of date the rules refuse, and the post's summary is read again (one small
 * read) and the comment made again from it. A post an older version wrote without a summary is
 * written in a transaction that reads it whole and adds the summary. A refusal with the post as the
 * page saw it is final: it is not about the view (the post is closed, the account suspended or too
 * quick). Resolves with the post's summary after the comment, as far as the page can tell.
 */
async function appendComment(store: Store, write: CommentWrite): Promise<CommentSummary> {
  let view: CommentSummary = write.post;
  for (let attempt = 1; ; attempt += 1) {
    const count = view.commentCount;
    try {
      if (count === null) return await appendAfterReading(store, write);
      await appendBlind(store, write, { commentCount: count, cardComments: view.cardComments });
      return summaryAfterAdding(view, write.comment);
    } catch (error) {
      const dependsOnView = count === null || view.cardComments.length === count;
      if (!dependsOnView || storeErrorCode(error) !== 'permission-denied') throw error;
      if (attempt === VIEW_REFRESHES) throw error;
      const fresh = await readPost(write.post.id);
      if (!fresh) throw new StoreError('not-found', 'The post was deleted.');
      if (sameSummary(fresh, view)) throw error;
      view = fresh;
      write.onRetry?.();
    }
  }
}

function sameSummary(a: CommentSummary, b: CommentSummary): boolean {
  return a.commentCount === b.commentCount && a.cardComments.length === b.cardComments.length;
}

async function appendBlind(
  store: Store,
  write: CommentWrite,
  { commentCount: count, cardComments: card }: { commentCount: number; cardComments: Comment[] },
): Promise<void> {
  const { sdk, db } = store;
  const { post, comment, onRetry } = write;
  const cardHoldsAll = card.length === count;
  const cardComments =
    cardHoldsAll && count < LIMITS.cardComments
      ? { cardComments: sdk.arrayUnion(comment) }
      : cardHoldsAll
        ? { cardComments: [] }
        : {};
  await commitWithStamp(
    store,
    post.id,
    (batch) => {
      batch.update(sdk.doc(db, POSTS, post.id), {
        comments: sdk.arrayUnion(comment),
        commentCount: sdk.increment(1),
        ...cardComments,
      });
      writeCopyAndStamp(store, batch, write);
    },
    onRetry,
  );
}

async function appendAfterReading(store: Store, write: CommentWrite): Promise<CommentSummary> {
  const { sdk, db } = store;
  const ref = sdk.doc(db, POSTS, write.post.id);
  return sdk.runTransaction(db, async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists()) throw new StoreError('not-found', 'The post was deleted.');
    const comments = [...(toComments(snapshot.data()) ?? []), write.comment];
    const summary = summariseComments(comments);
    transaction.update(ref, { comments, ...summary });
    writeCopyAndStamp(store, transaction, write);
    stampInTransaction(store, transaction, write.post.id);
    return summary;
  });
}

/** The comment's moderation copy and the commenter's rate-limit stamp naming it. */
function writeCopyAndStamp(
  { sdk, db }: Store,
  batch: DocumentWriter,
  { post, comment, uid, copyId }: CommentWrite,
): void {
  batch.set(sdk.doc(db, COMMENTS, copyId), {
    postId: post.id,
    postTitle: post.title,
    ...comment,
    uid,
    at: sdk.serverTimestamp(),
    reports: 0,
    reported: false,
  });
  batch.set(sdk.doc(db, COMMENTERS, uid), { last: sdk.serverTimestamp(), target: copyId });
}

/**
 * A refused comment on a post deleted meanwhile is said as such. Google's engine decides the rules
 * before the batch's `exists` precondition, so the post's write is judged as a create a fan may
 * not make (permission-denied), not NOT_FOUND: one read of the post, only after a refusal, tells.
 */
async function unlessGone<T>(store: Store, postId: string, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (storeErrorCode(error) !== 'permission-denied') throw error;
    const { sdk, db } = store;
    const exists = await sdk.getDoc(sdk.doc(db, POSTS, postId)).then(
      (snapshot) => snapshot.exists(),
      () => true,
    );
    if (!exists) throw new StoreError('not-found', 'The post was deleted.');
    throw error;
  }
}

/**
 * A fan's report of someone else's comment, once per comment and rate-limited as comments are: the
 * report, the copy's count and the commenter stamp in one commit.
 */
export async function reportComment(
  postId: string,
  comment: Comment,
  reason: ReportReason,
  uid: string,
): Promise<void> {
  return call(async (store) => {
    const id = await commentId(postId, comment);
    const { sdk, db } = store;
    await rateLimited(uid, async () => {
      const batch = sdk.writeBatch(db);
      batch.set(sdk.doc(db, REPORTS, reportId(id, uid)), {
        comment: id,
        uid,
        reason,
        at: sdk.serverTimestamp(),
      });
      batch.update(sdk.doc(db, COMMENTS, id), { reports: sdk.increment(1), reported: true });
      batch.set(sdk.doc(db, COMMENTERS, uid), { last: sdk.serverTimestamp(), target: id });
      await batch.commit();
    });
  });
}

/**
 * Removes a comment (the administrator's any, a fan's own) and, once no copy of it is left, its
 * moderation copy, leaving the others in order. `copies` 'one' (the administrator only) takes one
 * of a comment stored twice. The post is read and written in one transaction, so a comment added
 * meanwhile is kept and the summary beside the list stays true to it. Resolves with that summary.
 */
export async function removeComment(
  postId: string,
  comment: Comment,
  copies: RemovedCopies = 'all',
): Promise<CommentSummary> {
  return call(async (store) => {
    const id = await commentId(postId, comment);
    const { sdk, db } = store;
    const postRef = sdk.doc(db, POSTS, postId);
    const summary = await sdk.runTransaction(db, async (transaction) => {
      const before = toComments((await transaction.get(postRef)).data()) ?? [];
      const comments = withoutComment(before, comment, copies);
      const after = summariseComments(comments);
      transaction.update(postRef, { comments, ...after });
      if (!comments.some((each) => sameComment(each, comment))) {
        transaction.delete(sdk.doc(db, COMMENTS, id));
      }
      stampInTransaction(store, transaction, postId);
      return after;
    });
    removedHere(postId, comment, copies);
    return summary;
  });
}
