import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import type { FeedAction, SharedPost } from '../data/feedReducer';
import type { Post } from '../../../shared/posts/post';
import { isPostId, permalinkPostId } from '../../../shared/posts/permalink';
import { arrivedSharedPost, takeSharedRead } from '../store/sharedPostRead';

/**
 * The permalink in the address, if any, as the first render shows it: read already when
 * index.html's request for it has answered; a malformed id is never requested and reads as missing.
 */
export function sharedAtStart(search?: string): SharedPost | null {
  const id = permalinkPostId(search);
  if (id === null) return null;
  if (!isPostId(id)) return { id, post: null, status: 'missing' };
  const arrived = arrivedSharedPost(id);
  if (!arrived) return { id, post: null, status: 'loading' };
  return { id, post: arrived.post, status: arrived.post ? 'shown' : 'missing' };
}

/**
 * The post a permalink names: index.html's read (features/feed/store/sharedPostRead.ts) is taken
 * over once, unless the first render had its answer already; returns Retry, which reads it again
 * after a failure.
 */
export function useSharedPost(
  shared: SharedPost | null,
  dispatch: Dispatch<FeedAction>,
): () => void {
  const pending = useRef<Promise<Post | null> | null>(null);

  const read = useCallback(
    (id: string) => {
      const request = takeSharedRead(id);
      pending.current = request;
      dispatch({ type: 'shared', shared: { id, post: null, status: 'loading' } });
      request.then(
        (post) => {
          if (pending.current !== request) return;
          const status = post ? 'shown' : 'missing';
          dispatch({ type: 'shared', shared: { id, post, status } });
        },
        (error: unknown) => {
          console.error('Could not load the shared post', error);
          if (pending.current !== request) return;
          dispatch({ type: 'shared', shared: { id, post: null, status: 'failed' } });
        },
      );
    },
    [dispatch],
  );

  const [toRead] = useState(shared?.status === 'loading' ? shared.id : null);
  useEffect(() => {
    if (toRead !== null && !pending.current) read(toRead);
  }, [read, toRead]);

  const id = shared?.id;
  return useCallback(() => {
    if (id !== undefined) read(id);
  }, [id, read]);
}
