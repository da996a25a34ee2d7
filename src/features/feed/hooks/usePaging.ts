import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import type { FeedAction, FeedState } from '../data/feedReducer';
import type { Cursor, PostsPage } from '../../../shared/posts/page';
import { listPosts } from '../store/postPages';

export interface Paging {
  hasMore: boolean;
  loadMore: () => void;
  /** Asks again for the page that failed. */
  retry: () => void;
}

/** Reads the page after `cursor` (the first page when null). */
export type ReadPage = (cursor: Cursor | null) => Promise<PostsPage>;

/**
 * Spec §4's paging: the first page (unless the feed started from index.html's, see useFeed), then
 * one page per Load More, each after the last loaded post. A page that arrives after a newer
 * request was made is dropped. `read` is the whole feed's (listPosts) unless given: a deal's feed
 * pages through its own posts.
 */
export function usePaging(
  state: FeedState,
  dispatch: Dispatch<FeedAction>,
  read: ReadPage = listPosts,
): Paging {
  const pending = useRef<Promise<PostsPage> | null>(null);

  const load = useCallback(
    (cursor: Cursor | null) => {
      const firstPage = cursor === null;
      const request = read(cursor);
      pending.current = request;
      dispatch({ type: 'loading', firstPage });
      request.then(
        (page) => {
          if (pending.current === request) dispatch({ type: 'loaded', page, firstPage });
        },
        (error: unknown) => {
          console.error('Could not load posts', error);
          if (pending.current === request) dispatch({ type: 'failed' });
        },
      );
    },
    [dispatch, read],
  );

  // The first page, unless the first render already had it (shown, or held for a permalink's
  // post). The ref keeps StrictMode's second effect from asking twice.
  const [startedWithout] = useState(state.status === 'loading' && !state.held);
  useEffect(() => {
    if (startedWithout && !pending.current) load(null);
  }, [load, startedWithout]);

  const { status, nextCursor, firstPage } = state;
  const loadMore = useCallback(() => {
    if (status !== 'loading' && nextCursor) load(nextCursor);
  }, [status, nextCursor, load]);
  const retry = useCallback(() => {
    load(firstPage ? null : nextCursor);
  }, [firstPage, nextCursor, load]);

  return { hasMore: nextCursor !== null, loadMore, retry };
}
