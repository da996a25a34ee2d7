import type { FeedState } from '../../feed/data/feedReducer';

/**
 * What the status line of a search of every post says: what was searched and how many posts were
 * found, honestly while pages may remain. A search reads a page and no more, so after a full page
 * (or a page filtered by the other words) it cannot know whether older posts match: the count is
 * of the posts searched so far.
 */
export function resultsMessage(
  query: string,
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
  const matches =
    count === 0 ? 'No posts match' : count === 1 ? '1 post matches' : `${count} posts match`;
  return more
    ? `${matches} ${quoted} so far: Load More searches older posts`
    : `${matches} ${quoted}`;
}
