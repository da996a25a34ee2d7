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
  /** What the live checks found changed: posts as they are now, and ids no longer there. */
  | { type: 'synced'; posts: Post[]; gone: string[] }
  | { type: 'showIncoming' };

export function initialFeedState(arrived: PostsPage | null): FeedState {
  const empty = { incoming: [], deleted: new Set<string>(), firstPage: true };
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
      return {
        ...state,
        // Both fields, always: an edit without a status removes the one the post had.
        posts: update(state.posts, action.id, () => ({
          content: action.edit.content,
          status: action.edit.status,
        })),
      };
    case 'commented':
      return {
        ...state,
        posts: update(state.posts, action.id, (post) => ({
          comments: [...post.comments, action.comment],
        })),
      };
    case 'commentRemoved':
      return {
        ...state,
        posts: update(state.posts, action.id, (post) => ({
          // As arrayRemove does: every comment equal to the removed one goes.
          comments: post.comments.filter((comment) => !sameComment(comment, action.comment)),
        })),
      };
    case 'removed':
      return {
        ...state,
        posts: state.posts.filter((post) => post.id !== action.id),
        incoming: state.incoming.filter((post) => post.id !== action.id),
      };
    case 'synced':
      return synced(state, action.posts, action.gone);
    case 'showIncoming': {
      if (state.incoming.length === 0) return state;
      const shown = new Set(state.incoming.map((post) => post.id));
      const rest = state.posts.filter((post) => !shown.has(post.id));
      return { ...state, posts: [...state.incoming, ...rest], incoming: [] };
    }
  }
}

/**
 * Loaded (and waiting) posts take their current content; deleted ones are marked; posts new to the
 * page wait in `incoming` if they belong above its last loaded post (older ones come with Load
 * More). Returns `state` itself when nothing the reader sees changed.
 */
function synced(state: FeedState, posts: Post[], gone: string[]): FeedState {
  const current = new Map(posts.map((post) => [post.id, post]));
  const goneIds = new Set(gone);
  const refresh = (list: Post[]) =>
    list.map((post) => {
      const now = current.get(post.id);
      return now && !samePost(now, post) ? now : post;
    });

  const loaded = new Set(state.posts.map((post) => post.id));
  const deleted = new Set(state.deleted);
  for (const id of goneIds) if (loaded.has(id)) deleted.add(id);

  const waiting = refresh(state.incoming.filter((post) => !goneIds.has(post.id)));
  const known = new Set([...loaded, ...waiting.map((post) => post.id)]);
  const last = state.posts.at(-1);
  const belongsAbove = (post: Post) =>
    state.nextCursor === null || !last || feedOrder(post, last) < 0;
  const fresh = posts.filter((post) => !known.has(post.id) && belongsAbove(post));

  const next: FeedState = {
    ...state,
    posts: refresh(state.posts),
    incoming: fresh.length > 0 ? [...fresh, ...waiting].sort(feedOrder) : waiting,
    deleted: deleted.size === state.deleted.size ? state.deleted : deleted,
  };
  const unchanged =
    next.deleted === state.deleted &&
    sameList(next.posts, state.posts) &&
    sameList(next.incoming, state.incoming);
  return unchanged ? state : next;
}

/** The feed's order: newest first, then by id, descending (postsQuery's orderBy). */
function feedOrder(a: Post, b: Post): number {
  if (a.created !== b.created) return b.created - a.created;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

function sameList(a: Post[], b: Post[]): boolean {
  return a.length === b.length && a.every((post, index) => post === b[index]);
}

function samePost(a: Post, b: Post): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function sameComment(a: Comment, b: Comment): boolean {
  return a.user === b.user && a.text === b.text && a.date === b.date;
}

function update(posts: Post[], id: string, change: (post: Post) => Partial<Post>): Post[] {
  return posts.map((post) => (post.id === id ? { ...post, ...change(post) } : post));
}
