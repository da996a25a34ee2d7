import { createExternalStore } from '../../../shared/state/externalStore';
import type { ThreadEntry, ThreadReading } from './threadState';

/**
 * An open thread in another order than its latest comments (those are ./threadState.ts's held
 * thread): from its first comment ('Oldest'), or its most liked first ('Most liked'), each read
 * THREAD_PAGE at a time when the reader asks (./orderedReads.ts, loaded then).
 */
export type OtherOrder = 'oldest' | 'mostLiked';
/** How an open thread is ordered: its latest comments (as a card first shows them) or another. */
export type ThreadOrder = 'newest' | OtherOrder;

/** The reader's order, kept for the visit (this tab's session) and for every thread. */
const ORDER_KEY = 'threadOrder';
export const threadOrder = createExternalStore<ThreadOrder>(storedOrder());

function storedOrder(): ThreadOrder {
  const stored = session(() => sessionStorage.getItem(ORDER_KEY));
  return stored === 'oldest' || stored === 'mostLiked' ? stored : 'newest';
}

export function chooseOrder(order: ThreadOrder): void {
  session(() => sessionStorage.setItem(ORDER_KEY, order));
  threadOrder.set(order);
}

/** Storage a browser may refuse (a private window, storage turned off): the order then lasts the page. */
function session<T>(access: () => T): T | null {
  try {
    return access();
  } catch {
    return null;
  }
}

export interface OrderedThread {
  /** The comments read, in the order's order. */
  entries: readonly ThreadEntry[];
  /** Whether they reach the thread's end. */
  complete: boolean;
  reading: ThreadReading | null;
  /** 'Most liked' past its liked comments: the rest, newest first, from after `restFrom`. */
  restFrom?: ThreadEntry | null;
}

const ordered = new Map<string, OrderedThread>();
export const orderedThreads = createExternalStore(ordered);
const key = (postId: string, order: OtherOrder) => `${order}\n${postId}`;

export function orderedThread(postId: string, order: OtherOrder): OrderedThread | undefined {
  return ordered.get(key(postId, order));
}

export function setOrdered(postId: string, order: OtherOrder, thread: OrderedThread): void {
  ordered.set(key(postId, order), thread);
  orderedThreads.set(ordered);
}

/** Every order of post `postId` the page holds, its comments changed by `change` (own writes). */
export function changeOrdered(
  postId: string,
  change: (thread: OrderedThread, order: OtherOrder) => readonly ThreadEntry[],
): void {
  for (const order of ['oldest', 'mostLiked'] as const) {
    const thread = orderedThread(postId, order);
    if (thread) setOrdered(postId, order, { ...thread, entries: change(thread, order) });
  }
}

/** Forgets every order (tests; a page's state starts empty). */
export function forgetOrdered(): void {
  ordered.clear();
  orderedThreads.set(ordered);
  session(() => sessionStorage.removeItem(ORDER_KEY));
  threadOrder.set('newest');
}
