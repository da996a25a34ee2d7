import type { Comment } from '../../../shared/posts/post';

/**
 * Where moderation's documents live and how they are named (firestore.rules computes the same
 * names). Only the write and moderation modules need these, so they stay out of the first load.
 */
export { COMMENTS } from '../../../shared/collections';
export const REPORTS = 'reports';
export const SUSPENSIONS = 'suspensions';
export const COMMENTERS = 'commenters';
/** posts/{id}/comments/{commentId}: the thread, a document a comment (readable by anyone). */
export const THREAD = 'comments';
/** posts/{id}/commentCounts/{0–63}: the counters of a thread that outgrew its post's summary. */
export const COUNTERS = 'commentCounts';
/** posts/{id}/likes/{commentId}_{uid}: one fan's like of one comment or reply. */
export const LIKES = 'likes';
/** posts/{id}/likeCounts/{commentId}_{0–63}: a busy comment's like counters. */
export const LIKE_COUNTERS = 'likeCounts';

/** Why a fan reports a comment, in the words the rules accept. */
export const REPORT_REASONS = ['Spam', 'Abuse', 'Other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * A comment's identity, defined here once: the post's id, '_', and the lower-case hex SHA-256 of
 * the UTF-8 of `user + '\n' + text + '\n' + date`. It names the comment's document in the thread
 * and its moderation copy; the rules compute the same id (hashing.sha256), so they tie the two
 * together, and the same comment cannot be added twice.
 */
export async function commentId(postId: string, { user, text, date }: Comment): Promise<string> {
  const bytes = new TextEncoder().encode(`${user}\n${text}\n${date}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${postId}_${hex}`;
}

/** A fan's like of a comment: its id makes it once per account and comment. */
export function likeId(commentIdValue: string, uid: string): string {
  return `${commentIdValue}_${uid}`;
}

/** reports/{id}: one fan's report of one comment; its id makes it once per fan and comment. */
export function reportId(commentIdValue: string, reporterUid: string): string {
  return `${commentIdValue}_${reporterUid}`;
}
