import { startTransition, useEffect, useMemo, useState } from 'react';
import type { Post } from '../../../shared/posts/post';
import { searchPosts } from '../../search/data/searchPosts';
import type { FeedModel } from './useFeed';

/**
 * Cards in the very first render (a phone's first screen); the rest of the page comes after, in
 * the background, this many a render: each render's new cards are styled and laid out in one task,
 * and a whole page's 31 at once took a phone's main thread over 250 ms (bench:web's TBT).
 */
const FIRST_RENDER_POSTS = 4;
const POSTS_A_RENDER = 4;

/**
 * The feed's lists, each from the one before: `present` (the loaded posts the feed keeps), `posts`
 * (those rendered so far) and `shown` (those the `query` matches: the search box's text once its
 * keystroke has painted, features/search useSearchedAfterPaint).
 */
export function useShownPosts(
  { posts: loaded, deletedElsewhere }: Pick<FeedModel, 'posts' | 'deletedElsewhere'>,
  kept: ReadonlySet<string>,
  query: string,
  alsoMatches: string,
): [present: readonly Post[], posts: readonly Post[], shown: readonly Post[]] {
  const present = usePresentPosts(loaded, deletedElsewhere, kept);
  // Rendered: a few cards first, the rest in the background, a few a render. Only the list's
  // growth waits: an edit or a new comment shows at once. The first cards come at once also when
  // the first page arrives after the first render (a shared post read beside it): a
  // render of no cards but Load More, painted, moved it down the screen when the cards came (a
  // layout shift).
  const count = useGrowingCount(present.length);
  const posts = useMemo(
    () => (count >= present.length ? present : present.slice(0, count)),
    [present, count],
  );
  // Shown: the rendered posts the search matches.
  const shown = useMemo(() => searchPosts(posts, query, alsoMatches), [posts, query, alsoMatches]);
  return [present, posts, shown];
}

/**
 * The loaded posts the feed keeps: a post deleted elsewhere leaves the feed, unless the reader is
 * typing in or focused on its card (`kept`).
 */
function usePresentPosts(
  loaded: readonly Post[],
  deletedElsewhere: ReadonlySet<string>,
  kept: ReadonlySet<string>,
): readonly Post[] {
  return useMemo(
    () =>
      deletedElsewhere.size === 0
        ? loaded
        : loaded.filter((post) => !deletedElsewhere.has(post.id) || kept.has(post.id)),
    [loaded, deletedElsewhere, kept],
  );
}

/**
 * How many of `total` cards to render: the first few at once, then POSTS_A_RENDER more in each
 * background render (a transition, after the last one's commit) until all are. A growth of no more
 * than that (a post shown live, a shrink) is rendered at once.
 */
function useGrowingCount(total: number): number {
  const [rendered, setRendered] = useState(FIRST_RENDER_POSTS);
  const count = total <= rendered + POSTS_A_RENDER ? total : rendered;
  // All in: remembered at once (state adjusted while rendering), so a page loaded later grows from
  // here rather than from the first few.
  if (count === total && rendered < total) setRendered(total);
  useEffect(() => {
    if (count < total) startTransition(() => setRendered(count + POSTS_A_RENDER));
  }, [count, total]);
  return count;
}
