import type { Cursor, PostsPage } from './page';
import type { Comment, Post, PostEdit } from './post';

export type FeedStatus = 'loading' | 'ready' | 'failed';

export interface FeedState {
  /** The posts on the page, in feed order. */
  posts: Post[];
  /** New posts the live checks found, newest first: shown when the reader asks, not before. */
  incoming: Post[];
  /** Loaded posts deleted elsewhere: gone from the feed unless the reader is using their card. */
  deleted: ReadonlySet<string>;
  nextCursor: Cursor | null;
  status: FeedStatus;
  /** Whether the page being loaded (or that failed) is the first one. */
  firstPage: boolean;
  /** When Firestore read the first page: the live checks ask for changes after it. */
  readTime: string | null;
  /** The post a permalink names, shown first; null without a permalink. */
  pinned: Pinned | null;
}

export interface Pinned {
  id: string;
  post: Post | null;
  /** 'missing': no such post (deleted, never existed, or a malformed id); 'failed': not read. */
  status: 'loading' | 'ready' | 'missing' | 'failed';
}

export type FeedAction =
  | { type: 'loading'; firstPage: boolean }
  | { type: 'loaded'; page: PostsPage; firstPage: boolean }
  | { type: 'failed' }
  | { type: 'added'; post: Post }
  | { type: 'edited'; id: string; edit: PostEdit }
  | { type: 'commented'; id: string; comment: Comment }
  | { type: 'commentRemoved'; id: string; comment: Comment }
  | { type: 'removed'; id: string }
  /**
   * What the live checks found changed, as a change of the state: their code (src/live/) loads
   * after the first page, so this reducer does not carry it.
   */
  | { type: 'synced'; apply: (state: FeedState) => FeedState }
  | { type: 'showIncoming' }
  | { type: 'pinned'; pinned: Pinned };

export function initialFeedState(arrived: PostsPage | null): FeedState {
  const empty = { incoming: [], deleted: new Set<string>(), firstPage: true, pinned: null };
  return arrived
    ? {
        ...empty,
        posts: arrived.posts,
        nextCursor: arrived.nextCursor,
        status: 'ready',
        readTime: arrived.readTime,
      }
    : { ...empty, posts: [], nextCursor: null, status: 'loading', readTime: null };
}

export function feedReducer(state: FeedState, action: FeedAction): FeedState {
  switch (action.type) {
    case 'loading':
      return { ...state, status: 'loading', firstPage: action.firstPage };
    case 'loaded': {
      const { page, firstPage } = action;
      if (firstPage) {
        return {
          ...state,
          posts: page.posts,
          incoming: [],
          deleted: new Set(),
          nextCursor: page.nextCursor,
          status: 'ready',
          readTime: page.readTime,
        };
      }
      // A post shown from `incoming` (or added here) since the cursor was taken is not repeated.
      const loaded = new Set(state.posts.map((post) => post.id));
      const posts = [...state.posts, ...page.posts.filter((post) => !loaded.has(post.id))];
      return { ...state, posts, nextCursor: page.nextCursor, status: 'ready' };
    }
    case 'failed':
      return { ...state, status: 'failed' };
    case 'added':
      return {
        ...state,
        posts: [action.post, ...state.posts],
        incoming: state.incoming.filter((post) => post.id !== action.post.id),
      };
    case 'edited':
      // Both fields, always: an edit without a status removes the one the post had.
      return update(state, action.id, () => ({
        content: action.edit.content,
        status: action.edit.status,
      }));
    case 'commented':
      return update(state, action.id, (post) => ({
        comments: [...post.comments, action.comment],
      }));
    case 'commentRemoved':
      return update(state, action.id, (post) => ({
        // As arrayRemove does: every comment equal to the removed one goes.
        comments: post.comments.filter((comment) => !sameComment(comment, action.comment)),
      }));
    case 'removed': {
      const { pinned } = state;
      return {
        ...state,
        posts: state.posts.filter((post) => post.id !== action.id),
        incoming: state.incoming.filter((post) => post.id !== action.id),
        pinned:
          pinned?.id === action.id ? { id: pinned.id, post: null, status: 'missing' } : pinned,
      };
    }
    case 'synced':
      return action.apply(state);
    case 'showIncoming': {
      if (state.incoming.length === 0) return state;
      const shown = new Set(state.incoming.map((post) => post.id));
      const rest = state.posts.filter((post) => !shown.has(post.id));
      return { ...state, posts: [...state.incoming, ...rest], incoming: [] };
    }
    case 'pinned':
      return { ...state, pinned: action.pinned };
  }
}

function sameComment(a: Comment, b: Comment): boolean {
  return a.user === b.user && a.text === b.text && a.date === b.date;
}

/** A change made here to post `id`, wherever the page holds it: its pages and the pinned post. */
function update(state: FeedState, id: string, change: (post: Post) => Partial<Post>): FeedState {
  const changed = (post: Post) => (post.id === id ? { ...post, ...change(post) } : post);
  const { pinned } = state;
  return {
    ...state,
    posts: state.posts.map(changed),
    pinned: pinned?.post ? { ...pinned, post: changed(pinned.post) } : pinned,
  };
}
