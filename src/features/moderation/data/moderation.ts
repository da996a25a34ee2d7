import type { Comment } from '../../../shared/posts/post';

/**
 * What moderation keeps beside the spec's posts (firestore.rules holds each rule; README
 * "Moderation" the model). A post's comments stay the spec's `{user, text, date}`; every comment
 * added by this version also has a copy in comments/{id}, written in the same commit, so the
 * administrator can list, filter and page comments across posts without reading every post.
 * Names and ids of those documents: comments/data/commentCopies.ts (kept out of the first load).
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
