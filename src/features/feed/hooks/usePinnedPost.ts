import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import type { FeedAction, Pinned } from '../../posts';
import type { Post } from '../../posts';
import { isPostId, permalinkPostId } from '../../posts';
import { arrivedPinnedPost, takePinnedRead } from '../store/pinnedRead';

/**
 * The permalink in the address, if any, as the first render shows it: read already when
 * index.html's request for it has answered; a malformed id is never requested and reads as missing.
 */
export function pinnedAtStart(search?: string): Pinned | null {
  const id = permalinkPostId(search);
  if (id === null) return null;
  if (!isPostId(id)) return { id, post: null, status: 'missing' };
  const arrived = arrivedPinnedPost(id);
  if (!arrived) return { id, post: null, status: 'loading' };
  return { id, post: arrived.post, status: arrived.post ? 'shown' : 'missing' };
}

/**
 * The post a permalink names: index.html's read (features/feed/store/pinnedRead.ts) is taken over
 * once, unless the first render had its answer already; returns Retry, which reads it again after a
 * failure.
 */
export function usePinnedPost(pinned: Pinned | null, dispatch: Dispatch<FeedAction>): () => void {
  const pending = useRef<Promise<Post | null> | null>(null);

  const read = useCallback(
    (id: string) => {
      const request = takePinnedRead(id);
      pending.current = request;
      dispatch({ type: 'pinned', pinned: { id, post: null, status: 'loading' } });
      request.then(
        (post) => {
          if (pending.current !== request) return;
          const status = post ? 'shown' : 'missing';
          dispatch({ type: 'pinned', pinned: { id, post, status } });
        },
        (error: unknown) => {
          console.error('Could not load the shared post', error);
          if (pending.current !== request) return;
          dispatch({ type: 'pinned', pinned: { id, post: null, status: 'failed' } });
        },
      );
    },
    [dispatch],
  );

  const [toRead] = useState(pinned?.status === 'loading' ? pinned.id : null);
  useEffect(() => {
    if (toRead !== null && !pending.current) read(toRead);
  }, [read, toRead]);

  const id = pinned?.id;
  return useCallback(() => {
    if (id !== undefined) read(id);
  }, [id, read]);
}
