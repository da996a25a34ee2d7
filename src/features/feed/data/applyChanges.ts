import type { PostChanges } from '../../../shared/posts/changes';
import type { FeedState } from './feedState';
import type { Post } from '../../../shared/posts/post';
import { feedOrder, returnToPlace } from './feedOrder';

/**
 * The feed after a live check: loaded, shared, pinned and waiting posts take their current content;
 * ones deleted elsewhere are marked (the feed hides them unless their card is in use); posts new to
 * the page wait in `incoming` if they belong above its last loaded post (older ones come with Load
 * More). A post pinned elsewhere goes on top; the one unpinned or deleted leaves it (unpinned, it
 * goes back to its place below: ./feedOrder.ts). Returns `state` itself when nothing the reader
 * sees changed.
 */
export function applyChanges(state: FeedState, { posts, deleted }: PostChanges): FeedState {
  const current = new Map(posts.map((post) => [post.id, post]));
  const deletedIds = new Set(deleted);
  const refresh = (list: Post[]) =>
    list.map((post) => {
      const now = current.get(post.id);
      return now && !samePost(now, post) ? now : post;
    });

  const { shared } = state;
  const sharedPost = shared?.post ? refresh([shared.post])[0] : null;
  const pinned = pinnedAfter(state.pinned, posts, deletedIds);
  const loaded = new Set(state.posts.map((post) => post.id));
  if (sharedPost) loaded.add(sharedPost.id);
  if (pinned) loaded.add(pinned.id);
  const before = state.pinned;
  const unpinned = before && before.id !== pinned?.id && !deletedIds.has(before.id) ? before : null;
  if (unpinned) loaded.add(unpinned.id);
  const deletedElsewhere = new Set(state.deletedElsewhere);
  for (const id of deletedIds) if (loaded.has(id)) deletedElsewhere.add(id);

  const waiting = refresh(state.incoming.filter((post) => !deletedIds.has(post.id)));
  const known = new Set([...loaded, ...waiting.map((post) => post.id)]);
  const last = state.posts.at(-1);
  const belongsAbove = (post: Post) =>
    state.nextCursor === null || !last || feedOrder(post, last) < 0;
  const fresh = posts.filter((post) => !known.has(post.id) && belongsAbove(post));

  const placed = unpinned ? returnToPlace(state, unpinned).posts : state.posts;
  const next: FeedState = {
    ...state,
    posts: refresh(placed),
    incoming: fresh.length > 0 ? [...fresh, ...waiting].sort(feedOrder) : waiting,
    deletedElsewhere:
      deletedElsewhere.size === state.deletedElsewhere.size
        ? state.deletedElsewhere
        : deletedElsewhere,
    shared: shared && sharedPost !== shared.post ? { ...shared, post: sharedPost } : shared,
    pinned,
  };
  const unchanged =
    next.deletedElsewhere === state.deletedElsewhere &&
    next.shared === state.shared &&
    next.pinned === state.pinned &&
    sameList(next.posts, state.posts) &&
    sameList(next.incoming, state.incoming);
  return unchanged ? state : next;
}

/**
 * The pinned post after the changes: one read pinned now (the rules allow one), else the one before
 * unless it was read unpinned or deleted.
 */
function pinnedAfter(before: Post | null, posts: Post[], deleted: Set<string>): Post | null {
  const now =
    posts.find((post) => post.pinned) ?? (before && posts.find((post) => post.id === before.id));
  if (now) return now.pinned ? (before && samePost(now, before) ? before : now) : null;
  return before && deleted.has(before.id) ? null : before;
}

function sameList(a: Post[], b: Post[]): boolean {
  return a.length === b.length && a.every((post, index) => post === b[index]);
}

function samePost(a: Post, b: Post): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
