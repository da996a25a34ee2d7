import type { Post } from '../../../shared/posts/post';
import type { PostsPage } from '../../../shared/posts/page';
import { applyChanges } from './applyChanges';
import { applyWrite } from './applyWrite';
import { returnToPlace } from './feedOrder';
import type { FeedAction, FeedState, SharedPost } from './feedState';

export type {
  FeedAction,
  FeedState,
  FeedStatus,
  SharedPost,
  SharedPostState,
  WriteAction,
} from './feedState';

/**
 * The feed's one reducer: pages, this page's writes (./applyWrite.ts), the shared post, the pinned
 * post and live changes (./applyChanges.ts) all go through it, each handled from the start.
 */

export function initialFeedState(arrived: PostsPage | null, shared: SharedPost | null): FeedState {
  const loading: FeedState = {
    posts: [],
    incoming: [],
    deletedElsewhere: new Set<string>(),
    nextCursor: null,
    status: 'loading',
    firstPage: true,
    readTime: null,
    shared,
    pinned: null,
    held: null,
    changedAt: null,
  };
  return arrived
    ? feedReducer(loading, { type: 'loaded', page: arrived, firstPage: true })
    : loading;
}

export function feedReducer(state: FeedState, action: FeedAction): FeedState {
  // Over 60 lines on purpose: one case per action reads as a table of what each action does.
  switch (action.type) {
    case 'loading':
      return { ...state, status: 'loading', firstPage: action.firstPage };
    case 'loaded': {
      const { page, firstPage } = action;
      if (firstPage) {
        // The feed's first page brings the pinned post, or null; a deal's has none of its own.
        const pinned = page.pinned === undefined ? state.pinned : page.pinned;
        return showHeld({ ...state, held: page, pinned });
      }
      // A post shown from `incoming` (or added here) since the cursor was taken is not repeated.
      const loaded = new Set(state.posts.map((post) => post.id));
      const posts = [...state.posts, ...page.posts.filter((post) => !loaded.has(post.id))];
      return { ...state, posts, nextCursor: page.nextCursor, status: 'ready' };
    }
    case 'failed':
      return { ...state, status: 'failed' };
    case 'changed': {
      const { changes } = action;
      const found = changes.posts.length > 0 || changes.deleted.length > 0;
      // Never null here: only the live checks' code reports changes, and it provides this first.
      return { ...applyChanges(state, changes), ...(found && { changedAt: changes.since }) };
    }
    case 'showIncoming': {
      if (state.incoming.length === 0) return state;
      const shown = new Set(state.incoming.map((post) => post.id));
      const rest = state.posts.filter((post) => !shown.has(post.id));
      return { ...state, posts: [...state.incoming, ...rest], incoming: [] };
    }
    case 'shared':
      return showHeld({ ...state, shared: action.shared });
    case 'pinned': {
      const before = state.pinned;
      const moved =
        before && before.id !== action.pinned?.id ? returnToPlace(state, before) : state;
      return showHeld(markPinned({ ...moved, pinned: action.pinned }, action.pinned?.id ?? null));
    }
    default:
      // This page's writes. Never null here: only the write code dispatches them, and it provides
      // this first.
      return applyWrite(state, action);
  }
}

/**
 * Every copy of a post the page holds says whether it is the pinned one: a card's 'Pinned' mark
 * and the administrator's 'Pin to top' or 'Unpin' follow the post's own field. A pin or unpin
 * moves the mark here at once; a live check brings each post's field as stored.
 */
function markPinned(state: FeedState, pinnedId: string | null): FeedState {
  const mark = (post: Post): Post => {
    const pinned = post.id === pinnedId;
    if (pinned === (post.pinned === true)) return post;
    if (pinned) return { ...post, pinned: true };
    const unpinned = { ...post };
    delete unpinned.pinned;
    return unpinned;
  };
  const { shared } = state;
  return {
    ...state,
    posts: state.posts.map(mark),
    incoming: state.incoming.map(mark),
    shared: shared?.post ? { ...shared, post: mark(shared.post) } : shared,
    pinned: state.pinned && mark(state.pinned),
  };
}

/** The held first page shown once the shared post is no longer being read. */
function showHeld(state: FeedState): FeedState {
  const { held } = state;
  return held && state.shared?.status !== 'loading'
    ? showFirstPage({ ...state, held: null }, held)
    : state;
}

function showFirstPage(state: FeedState, page: PostsPage): FeedState {
  return {
    ...state,
    posts: page.posts,
    incoming: [],
    deletedElsewhere: new Set(),
    nextCursor: page.nextCursor,
    status: 'ready',
    readTime: page.readTime,
  };
}

/**
 * The shared post as the page shows it, decided here only: one deleted elsewhere since it was read
 * is missing (its card stays only while the reader is using it, through `deletedElsewhere`).
 */
export function sharedPostOf(
  shared: SharedPost | null,
  deletedElsewhere: ReadonlySet<string>,
): SharedPost | null {
  if (!shared || !deletedElsewhere.has(shared.id)) return shared;
  return { ...shared, status: 'missing' };
}

/**
 * The posts in the order the feed lists them: the shared one, then the pinned one, then the rest
 * newest first; none twice.
 */
export function listedPosts(
  posts: Post[],
  shared: SharedPost | null,
  pinned?: Post | null,
): Post[] {
  const top: Post[] = [];
  const onTop = (post: Post) => top.some(({ id }) => id === post.id);
  for (const post of [shared?.post, pinned]) if (post && !onTop(post)) top.push(post);
  return top.length > 0 ? [...top, ...posts.filter((post) => !onTop(post))] : posts;
}
