import type { Comment } from '../../../shared/posts/post';

// Apart from commentList.ts: a card's list needs only this, and commentList stays out of the
// first load (a module lives in one chunk, with all its functions).

/** One comment's whole content: equal for the copies of a comment stored more than once. */
export function contentOf(comment: Comment): string {
  return `${comment.user}\n${comment.date}\n${comment.text}`;
}
