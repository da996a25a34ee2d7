import { storeErrorCode, StoreError } from '../../../shared/errors/storeError';
import { retryingContention } from '../../../shared/store/contention';
import type { Snapshot, Store } from '../../../shared/store/firestoreWrites';
import { COMMENTERS, commentId } from '../../comments/data/commentCopies';
import {
  APPROVALS,
  HELD_COMMENTS,
  REVIEW_SETTINGS,
  REVIEW_SETTINGS_ID,
  heldCommentFrom,
  holdReason,
  reviewSettingsFrom,
  type HeldComment,
  type HoldReason,
  type Review,
  type ReviewSettings,
} from '../../comments/data/review';
import {
  commitComment,
  keptEvenIfUnanswered,
  readThreadView,
  type CommentAdded,
  type CommentWrite,
} from './commentCommits';

/**
 * The one recipe for comments the club holds for review (firestore.rules heldComments, approvals,
 * reviewSettings; docs/moderation.md): the app's writes, the rules tests, the seeds and the benches
 * all run it. A fan's comment is published (./commentCommits.ts) or, when the club holds it, held:
 * its document in heldComments with the rate-limit stamp, in one commit. The administrator approves
 * a held comment (it enters the thread as any comment, counted, and its author is approved) or
 * rejects it (it is deleted).
 */

export type { HeldComment };

/** The club's choices and the account's approval; 2 reads. */
export async function readReview(store: Store, uid: string): Promise<Review> {
  const { sdk, db } = store;
  const [settings, approval] = await Promise.all([
    sdk.getDoc(sdk.doc(db, REVIEW_SETTINGS, REVIEW_SETTINGS_ID)),
    sdk.getDoc(sdk.doc(db, APPROVALS, uid)),
  ]);
  return { ...reviewSettingsFrom(settings.data()), approved: approval.exists() };
}

/**
 * The account's review as one page keeps it (2 reads, once a visit). A comment may be written by
 * what the page read before, but one the club would hold is checked on a read made for that
 * comment, and a refused one reads it again; once a comment is published its author is approved.
 */
export interface PageReview {
  /** For one comment's write: `fresh` asks for a read made for it. */
  forComment(): (fresh: boolean) => Promise<Review>;
  /** A comment of the account's was published. */
  published(): void;
}

/** The administrator's: the club's own comments are never held (firestore.rules mustBeHeld). */
export const CLUB_REVIEW: PageReview = {
  forComment: () => () => Promise.resolve({ holdFirst: false, words: [], approved: true }),
  published: () => {},
};

export function pageReview(store: Store, uid: string): PageReview {
  let kept: Promise<Review> | null = null;
  return {
    forComment() {
      let readForIt = false;
      return (fresh) => {
        if (kept === null || (fresh && !readForIt)) {
          readForIt = true;
          const read = readReview(store, uid);
          read.catch(() => {
            if (kept === read) kept = null; // read again for the next comment
          });
          kept = read;
        }
        return kept;
      };
    },
    published() {
      kept = kept?.then((read) => ({ ...read, approved: true })) ?? null;
    },
  };
}

/** A fan's comment: published (how it was counted), or held (why, and as held). */
export type FanCommented =
  (CommentAdded & { held: null }) | { held: HoldReason; heldComment: HeldComment };

/**
 * Adds a fan's comment or reply, held when the club holds it. Published, it carries the author's
 * approval when they have none yet (so first comments held later do not hold them). A refusal is
 * checked against the club's choices read again: changed meanwhile, the comment is made again by
 * them; else the refusal stands.
 */
export async function commitFanComment(
  store: Store,
  write: CommentWrite,
  page: PageReview = pageReview(store, write.uid),
): Promise<FanCommented> {
  const added = await heldOrPublishedByReview(store, write, page.forComment());
  if (added.held === null) page.published();
  return added;
}

async function heldOrPublishedByReview(
  store: Store,
  write: CommentWrite,
  reviewOf: (fresh: boolean) => Promise<Review>,
): Promise<FanCommented> {
  let review = await reviewOf(false);
  if (holdReason(write.comment.text, review) !== null) review = await reviewOf(true);
  try {
    return await heldOrPublished(store, write, review);
  } catch (error) {
    if (storeErrorCode(error) !== 'permission-denied') throw error;
    const fresh = await reviewOf(true);
    const { text } = write.comment;
    const changed =
      holdReason(text, fresh) !== holdReason(text, review) || fresh.approved !== review.approved;
    if (!changed) throw error;
    return heldOrPublished(store, write, fresh);
  }
}

async function heldOrPublished(
  store: Store,
  write: CommentWrite,
  review: Review,
): Promise<FanCommented> {
  const reason = holdReason(write.comment.text, review);
  if (reason !== null) return { held: reason, heldComment: await commitHeld(store, write) };
  const approval = review.approved ? {} : { approval: 'author' as const };
  return { ...(await commitComment(store, { ...write, ...approval })), held: null };
}

/** A held comment as read (its author's or the administrator's read), or null: not one. */
export function heldOf(snapshot: Snapshot): HeldComment | null {
  return heldCommentFrom(snapshot.id, (name) => snapshot.get(name));
}

/** The held comment's document (heldComments/{id}) and the author's rate-limit stamp. */
export async function commitHeld(store: Store, write: CommentWrite): Promise<HeldComment> {
  const { sdk, db } = store;
  const { postId, postTitle, comment, uid, replyTo } = write;
  const id = await commentId(postId, comment);
  await keptEvenIfUnanswered(store, [HELD_COMMENTS, id], () =>
    retryingContention(() => {
      const batch = sdk.writeBatch(db);
      const at = sdk.serverTimestamp();
      batch.set(sdk.doc(db, HELD_COMMENTS, id), {
        ...comment,
        uid,
        postId,
        postTitle,
        at,
        ...(replyTo !== undefined && { replyTo }),
      });
      batch.set(sdk.doc(db, COMMENTERS, uid), { last: at, target: id });
      return batch.commit();
    }, write.onRetry),
  );
  const held = { id, postId, postTitle, comment, uid, at: Date.now() };
  return replyTo === undefined ? held : { ...held, replyTo };
}

/**
 * The club approves a held comment: it enters its post's thread as its author wrote it, counted as
 * any comment (from the post as read now: one read), and its author is approved from then on.
 */
export async function commitApproval(store: Store, held: HeldComment): Promise<CommentAdded> {
  const view = await readThreadView(store, held.postId);
  if (!view) throw new StoreError('not-found', 'The post was deleted.');
  return commitComment(store, {
    postId: held.postId,
    postTitle: held.postTitle,
    view,
    comment: held.comment,
    uid: held.uid,
    replyTo: held.replyTo,
    approval: 'administrator',
  });
}

/** The club rejects a held comment (or its author withdraws it): it is deleted. */
export async function commitRejection({ sdk, db }: Store, heldId: string): Promise<void> {
  await sdk.deleteDoc(sdk.doc(db, HELD_COMMENTS, heldId));
}

/** The administrator's choices of what to hold. */
export async function commitReviewSettings(
  { sdk, db }: Store,
  settings: ReviewSettings,
): Promise<void> {
  await sdk.setDoc(sdk.doc(db, REVIEW_SETTINGS, REVIEW_SETTINGS_ID), {
    holdFirst: settings.holdFirst,
    words: settings.words,
  });
}
