import { useEffect, useRef } from 'react';
import { titleIdOf } from './feedContext';
import { type Post } from '../../../shared/posts/post';
import type { FeedModel } from './useFeed';

/**
 * Where focus goes when the feed grows: Load More moves on to the first new post when the button
 * goes away (the last page); 'N new posts' shows them at the top and moves focus to the newest.
 * Returns what Load More and 'N new posts' do.
 */
export function useFeedFocus(
  posts: readonly Post[],
  busy: boolean,
  idPrefix: string,
  { hasMore, loadMore, incoming, showIncoming }: FeedModel,
) {
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || busy) return;
    focusFrom.current = null;
    const post = posts.at(index);
    if (hasMore || !post) return;
    focusCard(idPrefix, post.id);
  }, [busy, hasMore, posts, idPrefix]);

  const focusPost = useRef<string | null>(null);
  useEffect(() => {
    const id = focusPost.current;
    if (id === null || !posts.some((post) => post.id === id)) return;
    focusPost.current = null;
    focusCard(idPrefix, id);
  }, [posts, idPrefix]);

  const onLoadMore = () => {
    if (busy) return;
    if (document.activeElement instanceof HTMLButtonElement) focusFrom.current = posts.length;
    loadMore();
  };
  const onShowIncoming = () => {
    focusPost.current = incoming[0]?.id ?? null;
    showIncoming();
  };
  return [onLoadMore, onShowIncoming] as const;
}

/** Focuses the card of the post `id` (found by its title's id), if it is in the page. */
function focusCard(idPrefix: string, id: string) {
  document.getElementById(titleIdOf(idPrefix, id))?.closest('article')?.focus();
}
