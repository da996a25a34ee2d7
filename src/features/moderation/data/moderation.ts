import { LIMITS } from '../../../shared/limits';
import type { Comment, Post } from '../../posts/data/post';

/**
 * What moderation keeps beside the spec's posts (firestore.rules holds each rule; README
 * "Moderation" the model). A post's comments stay the spec's `{user, text, date}`; every comment
 * added by this version also has a copy in comments/{id}, written in the same commit, so the
 * administrator can list, filter and page comments across posts without reading every post.
 * Names and ids of those documents: ./commentCopies.ts (kept out of the first load).
 */

/** comments/{id}: the moderation copy of one comment. */
export interface ModeratedComment extends Comment {
  id: string;
  postId: string;
  /** The post's title when the comment was written (titles are never edited). */
  postTitle: string;
  /** The author's account id: what a suspension names. */
  uid: string;
  /** Server time of the comment, milliseconds. */
  at: number;
  /** Open reports; 'Dismiss reports' sets it back to 0. */
  reports: number;
}

/** suspensions/{uid}: until when an account may not comment or report (null: for good). */
export interface Suspension {
  uid: string;
  /** The account's e-mail when it was suspended, so the administrator knows whom to lift. */
  user: string;
  /** Milliseconds, or null for a permanent suspension. */
  until: number | null;
}

/** Whether a suspension stops the account now. */
export function isSuspendedAt(suspension: Suspension | null, now: number): boolean {
  return suspension !== null && (suspension.until === null || now < suspension.until);
}

/** Why a post takes no more comments: the administrator closed it, or it holds the most allowed. */
export function commentsClosed(
  post: Pick<Post, 'closed' | 'commentCount'>,
): 'closed' | 'full' | null {
  if (post.closed) return 'closed';
  return (post.commentCount ?? 0) >= LIMITS.commentsPerPost ? 'full' : null;
}
