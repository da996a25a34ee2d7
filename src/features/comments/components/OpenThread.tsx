import { useEffect, useRef, useState } from 'react';
import type { ThreadEntry } from '../store/threadState';
import { useThreadOrder, type ThreadOrder } from '../hooks/useThreadOrder';
import { CommentList, type CommentListProps } from './CommentList';
import { OrderedList } from './OrderedList';
import './comments.css';

/** An open thread shows its latest comments this many at a time ('Show more comments'). */
export const THREAD_STEP = 50;

/** The orders an open thread offers, as their buttons say. */
const THREAD_ORDERS: readonly (readonly [ThreadOrder, string])[] = [
  ['newest', 'Newest'],
  ['oldest', 'Oldest'],
  ['mostLiked', 'Most liked'],
];

export interface OpenThreadProps extends Omit<
  CommentListProps,
  'comments' | 'entries' | 'known' | 'listRef'
> {
  /** The latest comments read, oldest first. */
  entries: readonly ThreadEntry[];
  /** Whether they reach the thread's first comment. */
  complete: boolean;
  /** Whether earlier comments are being read. */
  loading: boolean;
  /** Reads the next THREAD_STEP earlier comments. */
  onMore: () => void;
  /** The post's title element: 'Show more comments' says which post it is for. */
  titleId: string;
  /** Whether the reader just opened it: focus goes to its first control. */
  opened: boolean;
}

/**
 * A thread the reader opened: its latest comments, THREAD_STEP at a time, 'Show more comments'
 * above them reading and showing earlier ones (one read a comment). Focus stays on that button
 * while it is there, and moves to the comments when the last step takes it away (or when the
 * reader opened a thread that needs no button). 'Newest', 'Oldest' and 'Most liked' order it (the
 * choice kept for the visit); in the other two, its comments read from the first on or the most
 * liked first, 'Show more comments' below them (OrderedList). Loaded with the first thread a page
 * opens.
 */
export function OpenThread({
  entries,
  complete,
  loading,
  onMore,
  titleId,
  opened,
  ...list
}: OpenThreadProps) {
  const { order, choose, ordered, more: readMore } = useThreadOrder(list.postId);
  const [shown, setShown] = useState(THREAD_STEP);
  // How many comments the reader asked to see, until focus has moved for them: it moves once they
  // are shown (or the thread has no more), never on a render from before their read began.
  const focusAt = useRef(opened ? THREAD_STEP : null);
  const moreRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const comments = entries.map((entry) => entry.comment);
  const more = comments.length > shown || !complete;

  useEffect(() => {
    const asked = focusAt.current;
    if (asked === null || loading || (comments.length < asked && !complete)) return;
    focusAt.current = null;
    (moreRef.current ?? listRef.current)?.focus();
  }, [shown, loading, more, comments.length, complete]);

  const orders = (
    <div className="comments__order" role="group" aria-label="Order comments">
      {THREAD_ORDERS.map(([each, label]) => (
        <button
          key={each}
          type="button"
          className="button button--small"
          aria-pressed={order === each}
          aria-describedby={titleId}
          onClick={() => choose(each)}
        >
          {label}
        </button>
      ))}
    </div>
  );
  if (order !== 'newest') {
    return (
      <>
        {orders}
        <OrderedList {...list} thread={ordered} onMore={readMore} titleId={titleId} />
      </>
    );
  }

  return (
    <>
      {orders}
      {more && (
        <button
          ref={moreRef}
          type="button"
          className="button button--small comments__more"
          aria-describedby={titleId}
          aria-busy={loading}
          onClick={() => {
            if (loading) return;
            if (comments.length <= shown) onMore();
            setShown(shown + THREAD_STEP);
            focusAt.current = shown + THREAD_STEP;
          }}
        >
          Show more comments
        </button>
      )}
      <CommentList
        {...list}
        comments={comments.slice(-shown)}
        entries={entries.slice(-shown)}
        known={comments}
        listRef={listRef}
      />
    </>
  );
}
