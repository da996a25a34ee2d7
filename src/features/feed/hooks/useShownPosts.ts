import { useDeferredValue, useMemo } from 'react';
import type { Post } from '../../posts';
import { searchPosts } from '../../search';
import type { FeedModel } from './useFeed';

/** Cards in the very first render; the rest of the page comes after, in the background. */
const FIRST_RENDER_POSTS = 4;

/**
 * The feed's lists, each from the one before: `present` (the loaded posts the feed keeps), `posts`
 * (those rendered so far) and `shown` (those the `searched` query matches). One hook, its steps
 * not functions of their own: each function costs first-load bytes.
 */
export function useShownPosts(
  { posts: loaded, deletedElsewhere }: Pick<FeedModel, 'posts' | 'deletedElsewhere'>,
  kept: ReadonlySet<string>,
  query: string,
  alsoMatches: string,
): [present: readonly Post[], posts: readonly Post[], searched: string, shown: readonly Post[]] {
  // Present: a post deleted elsewhere leaves the feed, unless the reader is typing in or focused
  // on its card.
  const present = useMemo(
    () =>
      deletedElsewhere.size === 0
        ? loaded
        : loaded.filter((post) => !deletedElsewhere.has(post.id) || kept.has(post.id)),
    [loaded, deletedElsewhere, kept],
  );
  // Rendered: a few cards first, the rest in the background (a whole page at once would block a
  // phone's main thread); a keystroke's search renders in the background too, so typing never
  // waits for it. Only the list's growth waits: an edit or a new comment shows at once. The first
  // cards come at once also when the first page arrives after the first render (a shared or
  // pinned post read beside it): the deferred count is still 0 then, and a render of no cards
  // but Load More, painted, moved it down the screen when the cards came (a layout shift).
  const count = Math.max(
    useDeferredValue(present.length, FIRST_RENDER_POSTS),
    Math.min(present.length, FIRST_RENDER_POSTS),
  );
  const posts = useMemo(
    () => (count >= present.length ? present : present.slice(0, count)),
    [present, count],
  );
  // Shown: the rendered posts the search matches.
  const searched = useDeferredValue(query);
  const shown = useMemo(
    () => searchPosts(posts, searched, alsoMatches),
    [posts, searched, alsoMatches],
  );
  return [present, posts, searched, shown];
}
