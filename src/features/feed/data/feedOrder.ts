import type { Post } from '../../../shared/posts/post';
import type { FeedState } from './feedState';

/** The feed's order: newest first, then by id, descending (postsQuery's orderBy). */
export function feedOrder(a: Post, b: Post): number {
  if (a.created !== b.created) return b.created - a.created;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * The feed with `post`, unpinned, back in its place among the loaded posts: the pages never hold
 * the pinned post (it leads the first page's answer), so the one unpinned joins them here, unless
 * its place is below the last loaded post (Load More brings it).
 */
export function returnToPlace(state: FeedState, post: Post): FeedState {
  const last = state.posts.at(-1);
  const belongs = state.nextCursor === null || !last || feedOrder(post, last) < 0;
  if (!belongs || state.posts.some(({ id }) => id === post.id)) return state;
  return { ...state, posts: [...state.posts, post].sort(feedOrder) };
}
