import { StoreError, storeErrorCode } from '../../../shared/errors/storeError';
import { call, loadStore, type Store } from '../../../shared/store/firestoreWrites';

// What `prepare` starts ahead of a write: the SDK, loaded by the write helper.
export { warmStore } from '../../../shared/store/firestoreWrites';
import { POSTS } from '../../../shared/collections';
import type { Comment, CommentSummary } from '../../../shared/posts/post';
import type { CommentedPost, LikeTarget, ReplyTarget } from '../data/writes';
import {
  COMMENTERS,
  COMMENTS,
  REPORTS,
  commentId,
  reportId,
  type ReportReason,
} from '../../comments/data/commentCopies';
import type { CountedBy } from './commentCommits';
import {
  commitApproval,
  commitFanComment,
  commitRejection,
  commitReviewSettings,
  CLUB_REVIEW,
  pageReview,
  type PageReview,
} from './heldCommits';
import { config } from '../../../shared/config';
import type { HeldComment, HoldReason, ReviewSettings } from '../../comments/data/review';
import { commitRemoval, type CommentRemoved } from './commentRemoval';
import { commitLike, type LikeCommitted, type LikeView } from './likeCommits';
import { rateLimited } from './rateLimit';

/**
 * A fan's writes (and the administrator's removals): a comment added, removed, reported, through
 * the one comment recipe (./commentCommits.ts) on the app's database. Loaded by the first of the
 * feed's commands that needs it (../commands.ts).
 */

/** A comment added: counted in the thread, or held for review (./heldCommits.ts). */
export type CommentAddedHere =
  | {
      held: null;
      summary: CommentSummary;
      entryId: string;
      countedBy: CountedBy;
      replyTo: string | null;
    }
  | { held: HoldReason; heldComment: HeldComment };

/** The signed-in account's review as this page keeps it (heldCommits.ts pageReview). */
let review: { uid: string; page: PageReview } | null = null;

function reviewOf(store: Store, uid: string, user: string): PageReview {
  if (user === config.adminEmail) return CLUB_REVIEW;
  if (review?.uid !== uid) review = { uid, page: pageReview(store, uid) };
  return review.page;
}

/**
 * Adds a comment (its document, moderation copy and the account's rate-limit stamp in one
 * commit; a refusal within the rate limit rejects with code 'too-soon'), or holds it when the club
 * holds it for review. Resolves with the post's summary after it, as far as the page can tell, the
 * comment's document and how it was counted; or why and as what it was held.
 */
export async function addComment(
  post: CommentedPost,
  comment: Comment,
  uid: string,
  { onRetry, replyTo }: { onRetry?: () => void; replyTo?: ReplyTarget } = {},
): Promise<CommentAddedHere> {
  return call(async (store) => {
    const parent =
      replyTo === undefined || typeof replyTo === 'string'
        ? replyTo
        : await commentId(post.id, replyTo);
    const write = {
      postId: post.id,
      postTitle: post.title,
      view: post,
      comment,
      uid,
      onRetry,
      replyTo: parent,
    };
    const added = await unlessGone(
      store,
      post.id,
      rateLimited(uid, () => commitFanComment(store, write, reviewOf(store, uid, comment.user))),
    );
    if (added.held !== null) return added;
    const entryId = await commentId(post.id, comment);
    const { summary, countedBy } = added;
    return { held: null, summary, entryId, countedBy, replyTo: parent ?? null };
  });
}

/**
 * A refused comment on a post deleted meanwhile is said as such: one read of the post, only after
 * a refusal, tells.
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
 * Removes a comment (the administrator's any, a fan's own) with its moderation copy, and what
 * counts it (./commentRemoval.ts commitRemoval). Resolves with how it was counted: 'summary' (the
 * post's count and card change), 'counter', or null (it was not in the thread any more), whether
 * it left a removed mark, and a reply's comment.
 */
export function removeComment(postId: string, comment: Comment): Promise<CommentRemoved> {
  return call((store) => commitRemoval(store, postId, comment));
}

/**
 * A fan's like of a comment or reply (`liked`), or the like taken back, counted as the recipe says
 * (./likeCommits.ts) from the page's view of the comment. On a post whose card shows its comments
 * inline, the like marks the post. Resolves with the comment's id and how it was counted.
 */
export function likeComment(
  post: CommentedPost,
  target: LikeTarget,
  uid: string,
  liked: boolean,
  view: Omit<LikeView, 'unmarkedCount'>,
): Promise<LikeCommitted & { entryId: string; marked: boolean }> {
  return call(async (store) => {
    const entryId = typeof target === 'string' ? target : await commentId(post.id, target);
    const marked = !post.moreComments;
    const unmarked = marked ? { unmarkedCount: post.commentCount ?? post.cardComments.length } : {};
    const write = {
      postId: post.id,
      commentId: entryId,
      uid,
      liked,
      view: { ...view, ...unmarked },
    };
    const committed = await unlessGone(store, post.id, commitLike(store, write));
    return { ...committed, entryId, marked };
  });
}

/** The club approves a held comment (heldCommits.ts commitApproval). */
export function approveHeld(held: HeldComment) {
  return call(async (store) => {
    const added = await unlessGone(store, held.postId, commitApproval(store, held));
    const { summary, countedBy } = added;
    return { summary, countedBy, entryId: held.id, replyTo: held.replyTo ?? null };
  });
}

/** The club rejects a held comment. */
export function rejectHeld(heldId: string): Promise<void> {
  return call((store) => commitRejection(store, heldId));
}

/** The administrator's choices of what to hold. */
export function saveReviewSettings(settings: ReviewSettings): Promise<void> {
  return call((store) => commitReviewSettings(store, settings));
}

/** The app's database, for the moderation view's writes that share the recipe. */
export { loadStore };
