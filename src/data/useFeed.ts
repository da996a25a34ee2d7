import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import * as store from '../feedStore';
import { isPostId, permalinkPostId } from '../permalink/permalink';
import { arrivedFirstPage, takeFirstPageRequest } from './firstPage';
import type { Cursor, PostsPage } from './page';
import { takePinnedRead } from './pinnedRead';
import type { Comment, NewPost, Post } from './post';

export type FeedStatus = 'loading' | 'ready' | 'failed';

interface FeedState {
  posts: Post[];
  nextCursor: Cursor | null;
  status: FeedStatus;
  /** Whether the page being loaded (or that failed) is the first one. */
  firstPage: boolean;
  /** The post a permalink names, shown first; null without a permalink. */
  pinned: Pinned | null;
}

export interface Pinned {
  id: string;
  post: Post | null;
  /** 'missing': no such post (deleted, never existed, or a malformed id); 'failed': not read. */
  status: 'loading' | 'ready' | 'missing' | 'failed';
}

type FeedAction =
  | { type: 'loading'; firstPage: boolean }
  | { type: 'loaded'; page: PostsPage; firstPage: boolean }
  | { type: 'failed' }
  | { type: 'added'; post: Post }
  | { type: 'edited'; id: string; content: string }
  | { type: 'commented'; id: string; comment: Comment }
  | { type: 'commentRemoved'; id: string; comment: Comment }
  | { type: 'removed'; id: string }
  | { type: 'pinned'; pinned: Pinned };

function initialState(arrived: PostsPage | null): Omit<FeedState, 'pinned'> {
  return arrived
    ? { posts: arrived.posts, nextCursor: arrived.nextCursor, status: 'ready', firstPage: true }
    : { posts: [], nextCursor: null, status: 'loading', firstPage: true };
}

function initialFeed(arrived: PostsPage | null): FeedState {
  return { ...initialState(arrived), pinned: pinnedAtStart() };
}

/** The permalink in the address, if any: a malformed id is never requested and reads as missing. */
function pinnedAtStart(): Pinned | null {
  const id = permalinkPostId();
  if (id === null) return null;
  return { id, post: null, status: isPostId(id) ? 'loading' : 'missing' };
}

/** Edits, comments and deletes made in this tab reach the pinned post as they reach loaded ones. */
function feedReducer(state: FeedState, action: FeedAction): FeedState {
  const next = reducer(state, action);
  const { pinned } = next;
  if (!pinned?.post) return next;
  switch (action.type) {
    case 'edited':
    case 'commented':
    case 'commentRemoved':
    case 'removed': {
      if (action.id !== pinned.id) return next;
      const [post] = reducer({ ...next, posts: [pinned.post] }, action).posts;
      return {
        ...next,
        pinned: post ? { ...pinned, post } : { id: pinned.id, post: null, status: 'missing' },
      };
    }
    default:
      return next;
  }
}

/** The pinned post first, then the loaded ones without it: no post is listed twice. */
function pinnedFirst(posts: Post[], pinned: Pinned | null): Post[] {
  const first = pinned?.post;
  return first ? [first, ...posts.filter((post) => post.id !== first.id)] : posts;
}

function reducer(state: FeedState, action: FeedAction): FeedState {
  switch (action.type) {
    case 'loading':
      return { ...state, status: 'loading', firstPage: action.firstPage };
    case 'loaded': {
      const posts = action.firstPage ? action.page.posts : [...state.posts, ...action.page.posts];
      return { ...state, posts, nextCursor: action.page.nextCursor, status: 'ready' };
    }
    case 'failed':
      return { ...state, status: 'failed' };
    case 'added':
      return { ...state, posts: [action.post, ...state.posts] };
    case 'edited':
      return {
        ...state,
        posts: update(state.posts, action.id, () => ({ content: action.content })),
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
      return { ...state, posts: state.posts.filter((post) => post.id !== action.id) };
    case 'pinned':
      return { ...state, pinned: action.pinned };
  }
}

function sameComment(a: Comment, b: Comment): boolean {
  return a.user === b.user && a.text === b.text && a.date === b.date;
}

function update(posts: Post[], id: string, change: (post: Post) => Partial<Post>): Post[] {
  return posts.map((post) => (post.id === id ? { ...post, ...change(post) } : post));
}

/** The writes a card or form may make; each rejects with a StoreError and changes nothing then. */
export interface FeedOps {
  createPost: (input: NewPost) => Promise<void>;
  editContent: (id: string, content: string) => Promise<void>;
  /** `uid` is the commenter's account: the rules limit how often each account comments. */
  addComment: (id: string, comment: Comment, uid: string) => Promise<void>;
  removeComment: (id: string, comment: Comment) => Promise<void>;
  deletePost: (id: string) => Promise<void>;
  /** Starts loading the data module ahead of a write (a form focused, the post form shown). */
  prepare: () => void;
}

export interface FeedModel extends FeedState {
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
  /** Reads the pinned post again after it failed. */
  retryPinned: () => void;
  ops: FeedOps;
}

/**
 * The loaded posts and every operation on them: spec §4's paging, new post, edit, delete. The
 * first render already shows the first page when index.html's request for it has arrived.
 */
export function useFeed(): FeedModel {
  const [startedWith] = useState(arrivedFirstPage);
  const [state, dispatch] = useReducer(feedReducer, startedWith, initialFeed);
  // The request in flight, kept across StrictMode's double effect so the first page loads once.
  const pending = useRef<Promise<PostsPage> | null>(null);
  const mounted = useRef(false);

  const load = useCallback((cursor: Cursor | null) => {
    const firstPage = cursor === null;
    const request = store.listPosts(cursor);
    pending.current = request;
    dispatch({ type: 'loading', firstPage });
    request.then(
      (page) => {
        if (mounted.current && pending.current === request) {
          dispatch({ type: 'loaded', page, firstPage });
        }
      },
      (error: unknown) => {
        console.error('Could not load posts', error);
        if (mounted.current && pending.current === request) dispatch({ type: 'failed' });
      },
    );
  }, []);

  useEffect(() => {
    mounted.current = true;
    // Started from the page at hand: it is taken over, not requested again.
    if (!pending.current) {
      if (startedWith) pending.current = takeFirstPageRequest();
      else load(null);
    }
    return () => {
      mounted.current = false;
    };
  }, [load, startedWith]);

  // The permalink's post: its read started in main.tsx (pinnedRead.ts) is taken over once.
  const pinnedRequest = useRef<Promise<Post | null> | null>(null);
  const loadPinned = useCallback((id: string) => {
    const request = takePinnedRead(id);
    pinnedRequest.current = request;
    dispatch({ type: 'pinned', pinned: { id, post: null, status: 'loading' } });
    request.then(
      (post) => {
        if (mounted.current && pinnedRequest.current === request)
          dispatch({ type: 'pinned', pinned: { id, post, status: post ? 'ready' : 'missing' } });
      },
      (error: unknown) => {
        console.error('Could not load the shared post', error);
        if (mounted.current && pinnedRequest.current === request)
          dispatch({ type: 'pinned', pinned: { id, post: null, status: 'failed' } });
      },
    );
  }, []);
  const [pinnedToRead] = useState(state.pinned?.status === 'loading' ? state.pinned.id : null);
  useEffect(() => {
    if (!pinnedRequest.current && pinnedToRead !== null) loadPinned(pinnedToRead);
  }, [loadPinned, pinnedToRead]);
  const pinnedId = state.pinned?.id;
  const retryPinned = useCallback(() => {
    if (pinnedId !== undefined) loadPinned(pinnedId);
  }, [pinnedId, loadPinned]);

  const { status, nextCursor, firstPage } = state;
  const loadMore = useCallback(() => {
    if (status !== 'loading' && nextCursor) load(nextCursor);
  }, [status, nextCursor, load]);
  const retry = useCallback(() => {
    load(firstPage ? null : nextCursor);
  }, [firstPage, nextCursor, load]);

  // One stable object for the app's lifetime: dispatch never changes.
  const [ops] = useState<FeedOps>(() => ({
    async createPost(input) {
      const post = await store.createPost(input);
      dispatch({ type: 'added', post });
    },
    async editContent(id, content) {
      await store.updatePostContent(id, content);
      dispatch({ type: 'edited', id, content });
    },
    async addComment(id, comment, uid) {
      await store.addComment(id, comment, uid);
      dispatch({ type: 'commented', id, comment });
    },
    async removeComment(id, comment) {
      await store.removeComment(id, comment);
      dispatch({ type: 'commentRemoved', id, comment });
    },
    async deletePost(id) {
      await store.deletePost(id);
      dispatch({ type: 'removed', id });
    },
    prepare: store.warmStore,
  }));

  const posts = useMemo(() => pinnedFirst(state.posts, state.pinned), [state.posts, state.pinned]);
  return { ...state, posts, hasMore: nextCursor !== null, loadMore, retry, retryPinned, ops };
}
