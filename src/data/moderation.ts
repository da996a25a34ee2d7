import { LIMITS } from './limits';
import type { Comment, Post } from './post';

/**
 * What moderation keeps beside the spec's posts (firestore.rules holds each rule; README
 * "Moderation" the model). A post's comments stay the spec's `{user, text, date}`; every comment
 * added by this version also has a copy in comments/{id}, written in the same commit, so the
 * administrator can list, filter and page comments across posts without reading every post.
 */
export const COMMENTS = 'comments';
export const REPORTS = 'reports';
export const SUSPENSIONS = 'suspensions';
export const COMMENTERS = 'commenters';

/** Why a fan reports a comment, in the words the rules accept. */
export const REPORT_REASONS = ['Spam', 'Abuse', 'Other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

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

/**
 * The id of a comment's copy: the post's id, '_', and the lower-case hex SHA-256 of the UTF-8 of
 * `user + '\n' + text + '\n' + date`. The rules compute the same id (hashing.sha256), so they can
 * tie the copy to the comment both ways: added together, removed together. Two identical comments
 * on one post (stored twice) share one copy.
 */
export async function commentId(postId: string, { user, text, date }: Comment): Promise<string> {
  const bytes = new TextEncoder().encode(`${user}\n${text}\n${date}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${postId}_${hex}`;
}

/** reports/{id}: one fan's report of one comment; its id makes it once per fan and comment. */
export function reportId(commentIdValue: string, reporterUid: string): string {
  return `${commentIdValue}_${reporterUid}`;
}

/** Whether a suspension stops the account now. */
export function isSuspendedAt(suspension: Suspension | null, now: number): boolean {
  return suspension !== null && (suspension.until === null || now < suspension.until);
}

/** Why a post takes no more comments: the administrator closed it, or it holds the most allowed. */
export function commentsClosed(post: Pick<Post, 'closed' | 'comments'>): 'closed' | 'full' | null {
  if (post.closed) return 'closed';
  return post.comments.length >= LIMITS.commentsPerPost ? 'full' : null;
}
