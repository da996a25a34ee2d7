import { LIMITS } from '../../../shared/limits';
import { isRecord } from '../../../shared/rest/restDecode';
import type { Comment } from '../../../shared/posts/post';
import { toComment } from '../../../shared/posts/postDecode';
import { type RemovedCopies } from '../../feed/data/writes';

/**
 * A post's whole comment list: read from a stored post, summarised (commentSummary.ts), and a
 * comment's removal from it as the
 * rules allow (firestore.rules removesComments). For the thread readers and the write module,
 * never in a visitor's first load.
 */

/** The post's whole thread, oldest first, when the read included it; null when it did not. */
export function toComments(data: unknown): Comment[] | null {
  if (!isRecord(data) || !('comments' in data)) return null;
  return Array.isArray(data.comments) ? data.comments.flatMap(toComment) : [];
}

export function sameComment(a: Comment, b: Comment): boolean {
  return a.user === b.user && a.text === b.text && a.date === b.date;
}

/** The comments without every copy of `removed` (as arrayRemove), or without its first copy. */
export function withoutComment(comments: Comment[], removed: Comment, copies: RemovedCopies) {
  if (copies === 'all') return comments.filter((comment) => !sameComment(comment, removed));
  const index = comments.findIndex((comment) => sameComment(comment, removed));
  return index < 0 ? comments : comments.toSpliced(index, 1);
}

/** The summary of a post whose comments are `comments`, as the rules require it. */
export function summariseComments(comments: readonly Comment[]): {
  commentCount: number;
  cardComments: Comment[];
} {
  return {
    commentCount: comments.length,
    cardComments: comments.length <= LIMITS.cardComments ? [...comments] : [],
  };
}
