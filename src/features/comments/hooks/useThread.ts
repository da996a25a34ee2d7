import { useEffect } from 'react';
import { useExternalStore } from '../../../shared/state/externalStore';
import { cardThread } from '../../posts';
import type { Comment, Post } from '../../posts';
import {
  commentsPostedHere,
  heldThread,
  readThread,
  threads,
  threadReading,
} from '../store/threads';

export type ThreadStatus = 'idle' | 'loading' | 'failed';

export interface ThreadView {
  /** The whole thread, oldest first, once read. */
  held: Comment[] | undefined;
  /**
   * Every comment, oldest first, when the page has them all (few, or the thread read); else null.
   */
  comments: Comment[] | null;
  /**
   * How many comments the post has; null while not known (an older post, its thread being read).
   */
  count: number | null;
  /** This page's comments on a thread it has not read: its card shows them at once. */
  postedHere: readonly Comment[];
  /** The read of the whole thread: idle, under way, or failed (open() tries again). */
  status: ThreadStatus;
  /** Reads the whole thread (one read, whatever its length). */
  open: () => void;
}

/**
 * One post's comments as its card shows them: the few a page reads with the post, or the whole
 * thread once read (features/comments/store/threads.ts, shared by every list that shows the post).
 * A post an older version wrote without a comment count has its thread read at once, so its
 * comments still show.
 */
export function useThread(post: Pick<Post, 'id' | 'commentCount' | 'cardComments'>): ThreadView {
  const { id } = post;
  const held = useExternalStore(threads, () => heldThread(id));
  const postedHere = useExternalStore(threads, () => commentsPostedHere(id));
  const status = useExternalStore(threads, () => threadReading(id)) ?? 'idle';

  const unknown = post.commentCount === null && held === undefined;
  useEffect(() => {
    if (unknown) readThread(id);
  }, [unknown, id]);

  return {
    held,
    comments: held ?? cardThread(post),
    count: held?.length ?? post.commentCount,
    postedHere,
    status,
    open: () => readThread(id),
  };
}
