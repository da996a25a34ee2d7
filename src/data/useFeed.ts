import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import * as store from '../feedStore';
import { arrivedFirstPage, takeFirstPageRequest } from './firstPage';
import type { Cursor, PostsPage } from './page';
import type { Comment, NewPost, Post, PostEdit } from './post';

export type FeedStatus = 'loading' | 'ready' | 'failed';

interface FeedState {
  posts: Post[];
  nextCursor: Cursor | null;
  status: FeedStatus;
  /** Whether the page being loaded (or that failed) is the first one. */
  firstPage: boolean;
}

type FeedAction =
  | { type: 'loading'; firstPage: boolean }
  | { type: 'loaded'; page: PostsPage; firstPage: boolean }
  | { type: 'failed' }
  | { type: 'added'; post: Post }
  | { type: 'edited'; id: string; edit: PostEdit }
  | { type: 'commented'; id: string; comment: Comment }
  | { type: 'commentRemoved'; id: string; comment: Comment }
  | { type: 'removed'; id: string };

function initialState(arrived: PostsPage | null): FeedState {
  return arrived
    ? { posts: arrived.posts, nextCursor: arrived.nextCursor, status: 'ready', firstPage: true }
    : { posts: [], nextCursor: null, status: 'loading', firstPage: true };
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
      return { ...state, posts: state.posts.filter((post) => post.id !== action.id) };
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
  /** Saves the editor: the content and the deal status (absent: none). */
  editPost: (id: string, edit: PostEdit) => Promise<void>;
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
  ops: FeedOps;
}

/**
 * The loaded posts and every operation on them: spec §4's paging, new post, edit, delete. The
 * first render already shows the first page when index.html's request for it has arrived.
 */
export function useFeed(): FeedModel {
  const [startedWith] = useState(arrivedFirstPage);
  const [state, dispatch] = useReducer(reducer, startedWith, initialState);
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
    async editPost(id, edit) {
      await store.updatePost(id, edit);
      dispatch({ type: 'edited', id, edit });
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

  return { ...state, hasMore: nextCursor !== null, loadMore, retry, ops };
}
