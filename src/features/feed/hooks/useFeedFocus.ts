import { useEffect, useRef } from 'react';
import { titleIdOf, type Post } from '../../posts';

/** Focuses the card of the post `id` names (by its title's id), if it is in the page. */
function focusCard(idPrefix: string, id: string) {
  document.getElementById(titleIdOf(idPrefix, id))?.closest('article')?.focus();
}

/**
 * Load More moves on to the first new post when the button goes away (the last page). Returns
 * what Load More does.
 */
export function useLoadMoreFocus(
  posts: readonly Post[],
  busy: boolean,
  hasMore: boolean,
  idPrefix: string,
  loadMore: () => void,
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
  return () => {
    if (busy) return;
    if (document.activeElement instanceof HTMLButtonElement) focusFrom.current = posts.length;
    loadMore();
  };
}

/** 'N new posts' shows them at the top and moves focus to the newest. Returns what it does. */
export function useIncomingFocus(
  posts: readonly Post[],
  idPrefix: string,
  incoming: readonly Post[],
  showIncoming: () => void,
) {
  const focusPost = useRef<string | null>(null);
  useEffect(() => {
    const id = focusPost.current;
    if (id === null || !posts.some((post) => post.id === id)) return;
    focusPost.current = null;
    focusCard(idPrefix, id);
  }, [posts, idPrefix]);
  return () => {
    focusPost.current = incoming[0]?.id ?? null;
    showIncoming();
  };
}
