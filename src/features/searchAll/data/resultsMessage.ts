import type { FeedState } from '../../posts/data/feedReducer';

/**
 * What the status line of a search of every post says: what was searched and how many posts were
 * found, honestly while pages remain. With one term every post read matches, so a full page with
 * more after it is '35+'; with several, a page keeps only the posts that have the others too, so
 * the count is of the posts searched so far.
 */
export function resultsMessage(
  query: string,
  terms: readonly string[],
  {
    status,
    firstPage,
    posts,
    nextCursor,
  }: Pick<FeedState, 'status' | 'firstPage' | 'posts' | 'nextCursor'>,
): string {
  const quoted = `“${query.trim()}”`;
  if (status === 'loading' && firstPage) return `Searching all posts for ${quoted}…`;
  if (status === 'failed' && firstPage) return '';
  const count = posts.length;
  const more = nextCursor !== null;
  if (more && terms.length === 1) return `${count}+ posts match ${quoted}`;
  const matches =
    count === 0 ? 'No posts match' : count === 1 ? '1 post matches' : `${count} posts match`;
  return more
    ? `${matches} ${quoted} so far: Load More searches older posts`
    : `${matches} ${quoted}`;
}
