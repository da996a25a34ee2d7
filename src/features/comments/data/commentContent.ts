import type { Comment } from '../../../shared/posts/post';

// Apart from commentList.ts: a card's list needs only this, and commentList stays out of the
// first load (a module lives in one chunk, with all its functions).

/** One comment's whole content: equal for the copies of a comment stored more than once. */
export function contentOf(comment: Comment): string {
  return `${comment.user}\n${comment.date}\n${comment.text}`;
}

/**
 * A React key for each line, by content (a removed comment's mark by its id), so a removal keeps
 * every other line's state where it belongs; copies of a doubled comment are numbered.
 */
export function lineKeys(
  comments: readonly Comment[],
  entries: readonly { id: string; removed?: true }[] | undefined,
): string[] {
  const seen = new Map<string, number>();
  return comments.map((comment, index) => {
    const entry = entries?.[index];
    const content = entry?.removed ? `removed\n${entry.id}` : contentOf(comment);
    const copy = seen.get(content) ?? 0;
    seen.set(content, copy + 1);
    return `${copy}\n${content}`;
  });
}
