import { useEffect } from 'react';
import { useExternalStore } from '../../../shared/state/externalStore';
import {
  chooseOrder,
  orderedThread,
  orderedThreads,
  threadOrder,
  type OrderedThread,
  type ThreadOrder,
} from '../store/orderedThreads';

export type { ThreadOrder };

export interface ThreadOrderView {
  order: ThreadOrder;
  choose: (order: ThreadOrder) => void;
  /** The thread in that order, once read; undefined for 'newest' (the held thread is that). */
  ordered: OrderedThread | undefined;
  /** Reads its next page. */
  more: () => void;
}

/**
 * The reader's order of an open thread (kept for the visit, the same for every thread), and the
 * post's thread in it: read when first shown in it (../store/orderedReads.ts, loaded then).
 */
export function useThreadOrder(postId: string): ThreadOrderView {
  const order = useExternalStore(threadOrder);
  const ordered = useExternalStore(orderedThreads, () =>
    order === 'newest' ? undefined : orderedThread(postId, order),
  );
  const unread = order !== 'newest' && ordered === undefined;
  useEffect(() => {
    if (unread) readNext(postId, order);
  }, [unread, postId, order]);
  return { order, choose: chooseOrder, ordered, more: () => readNext(postId, order) };
}

function readNext(postId: string, order: ThreadOrder): void {
  if (order === 'newest') return;
  import('../store/orderedReads').then(
    (reads) => reads.readOrderedPage(postId, order),
    (error: unknown) => console.warn('Could not load the comments', error),
  );
}
