import { useEffect } from 'react';
import { useExternalStore } from '../../../shared/state/externalStore';
import { cardThread, threadCount } from '../../../shared/posts/commentSummary';
import type { Comment, Post } from '../../../shared/posts/post';
import {
  commentsPostedHere,
  countedByCounters,
  heldThread,
  readCounted,
  readThread,
  threads,
  threadReading,
  type ThreadEntry,
} from '../store/threads';

export type ThreadStatus = 'idle' | 'loading' | 'failed';

export type ThreadPost = Pick<Post, 'id' | 'commentCount' | 'cardComments' | 'moreComments'>;

export interface ThreadView {
  /** The latest comments read, oldest first, once the reader opened the thread. */
  held: readonly ThreadEntry[] | undefined;
  /** Whether `held` reaches the thread's first comment. */
  complete: boolean;
  /** Every comment, oldest first, when the card's summary holds them all; else null. */
  comments: readonly Comment[] | null;
  /** How many comments the post has; null while not known. */
  count: number | null;
  /** This page's comments on a thread it has not read: its card shows them at once. */
  postedHere: readonly Comment[];
  /** The read of the thread: idle, under way, or failed (open() tries again). */
  status: ThreadStatus;
  /** Reads the thread's latest comments, then earlier ones each time. */
  open: () => void;
}

/**
 * One post's comments as its card shows them: the few its summary holds, or the thread's latest
 * comments once read (features/comments/store/threads.ts, shared by every list that shows the
 * post). A long thread's count is read once its card is `near` the screen (one read, after the
 * page has loaded: ../store/threads.ts readCounted); a post of the spec's shape, with no count, has
 * its thread read at once, so its comments still show.
 */
export function useThread(post: ThreadPost, near: boolean): ThreadView {
  const { id } = post;
  const held = useExternalStore(threads, () => heldThread(id));
  const postedHere = useExternalStore(threads, () => commentsPostedHere(id));
  const status = useExternalStore(threads, () => threadReading(id)) ?? 'idle';
  const counted = useExternalStore(threads, () => countedByCounters(id));
  const summaryThread = cardThread(post);
  const source = { mayHoldList: summaryThread === null };

  const unknown = post.commentCount === null && held === undefined;
  const uncounted = near && post.moreComments && counted === undefined;
  useEffect(() => {
    if (unknown) readThread(id, { mayHoldList: true });
  }, [unknown, id]);
  useEffect(() => {
    if (uncounted) readCounted(id);
  }, [uncounted, id]);

  const heldComments = held?.entries.map((entry) => entry.comment);
  const complete = held?.complete ?? false;
  return {
    held: held?.entries,
    complete,
    comments: summaryThread ?? (complete ? (heldComments ?? null) : null),
    count:
      post.commentCount === null && complete
        ? (heldComments?.length ?? null)
        : threadCount(post, counted),
    postedHere,
    status,
    open: () => readThread(id, source),
  };
}
