import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import * as store from '../feedStore';
import { isPostId, permalinkPostId } from '../permalink/permalink';
import { feedReducer, initialFeedState, type FeedState, type Pinned } from './feedReducer';
import { arrivedFirstPage, takeFirstPageRequest } from './firstPage';
import type { Cursor, PostsPage } from './page';
import { takePinnedRead } from './pinnedRead';
import type { Comment, NewPost, Post, PostEdit } from './post';

export type { FeedStatus, Pinned } from './feedReducer';

function initialFeed(arrived: PostsPage | null): FeedState {
  return { ...initialFeedState(arrived), pinned: pinnedAtStart() };
}

/** The permalink in the address, if any: a malformed id is never requested and reads as missing. */
function pinnedAtStart(): Pinned | null {
  const id = permalinkPostId();
  if (id === null) return null;
  return { id, post: null, status: isPostId(id) ? 'loading' : 'missing' };
}

/** The pinned post first, then the loaded ones without it: no post is listed twice. */
function pinnedFirst(posts: Post[], pinned: Pinned | null): Post[] {
  const first = pinned?.post;
  return first ? [first, ...posts.filter((post) => post.id !== first.id)] : posts;
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
  /** Shows the posts waiting in `incoming` at the top of the feed. */
  showIncoming: () => void;
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

  // When each post was last written from this page (performance.now()): a live check that began
  // before then may have read the post as it was, so its copy is left for the next check.
  const writtenAt = useRef(new Map<string, number>());
  const { readTime } = state;
  useEffect(() => {
    if (!readTime) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    // Loaded after the first page, never before it: the first render does not wait for it.
    import('../live/liveChecks').then(
      ({ startLiveChecks, applyChanges }) => {
        if (cancelled) return;
        stop = startLiveChecks({
          since: readTime,
          onChanges: ({ posts, gone, since }, startedAt) => {
            const current = (id: string) => (writtenAt.current.get(id) ?? -Infinity) < startedAt;
            const changes = {
              posts: posts.filter((post) => current(post.id)),
              gone: gone.filter(current),
              since,
            };
            dispatch({ type: 'synced', apply: (feed) => applyChanges(feed, changes) });
          },
        });
      },
      (error: unknown) => console.warn('Live updates are off: their code did not load', error),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [readTime]);

  const { status, nextCursor, firstPage } = state;
  const loadMore = useCallback(() => {
    if (status !== 'loading' && nextCursor) load(nextCursor);
  }, [status, nextCursor, load]);
  const retry = useCallback(() => {
    load(firstPage ? null : nextCursor);
  }, [firstPage, nextCursor, load]);

  // One stable object for the app's lifetime: dispatch never changes.
  const [ops] = useState<FeedOps>(() => {
    const wrote = (id: string) => writtenAt.current.set(id, performance.now());
    return {
      async createPost(input) {
        const post = await store.createPost(input);
        wrote(post.id);
        dispatch({ type: 'added', post });
      },
      async editPost(id, edit) {
        await store.updatePost(id, edit);
        wrote(id);
        dispatch({ type: 'edited', id, edit });
      },
      async addComment(id, comment, uid) {
        await store.addComment(id, comment, uid);
        wrote(id);
        dispatch({ type: 'commented', id, comment });
      },
      async removeComment(id, comment) {
        await store.removeComment(id, comment);
        wrote(id);
        dispatch({ type: 'commentRemoved', id, comment });
      },
      async deletePost(id) {
        await store.deletePost(id);
        wrote(id);
        dispatch({ type: 'removed', id });
      },
      prepare: store.warmStore,
    };
  });
  const showIncoming = useCallback(() => dispatch({ type: 'showIncoming' }), []);

  const posts = useMemo(() => pinnedFirst(state.posts, state.pinned), [state.posts, state.pinned]);
  return {
    ...state,
    posts,
    hasMore: nextCursor !== null,
    loadMore,
    retry,
    showIncoming,
    retryPinned,
    ops,
  };
}
