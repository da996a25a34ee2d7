import type { OrderedThread } from '../store/orderedThreads';
import { CommentList, type CommentListProps } from './CommentList';

export interface OrderedListProps extends Omit<
  CommentListProps,
  'comments' | 'entries' | 'known' | 'listRef'
> {
  /** The thread in the reader's order, once its first page is read. */
  thread: OrderedThread | undefined;
  /** Reads its next page. */
  onMore: () => void;
  /** The post's title element: 'Show more comments' says which post it is for. */
  titleId: string;
}

/** Comments that could not be read in this order (the button stays, to try again). */
const ORDER_NOT_READ = 'Could not load the comments in this order. Check your connection.';

/**
 * An open thread in 'Oldest' or 'Most liked' order: the comments read so far, in that order, and
 * 'Show more comments' below them while there are more (one read a comment).
 */
export function OrderedList({ thread, onMore, titleId, ...list }: OrderedListProps) {
  const entries = thread?.entries ?? [];
  const comments = entries.map((entry) => entry.comment);
  const loading = thread === undefined || thread.reading === 'loading';
  return (
    <>
      <CommentList {...list} comments={comments} entries={entries} known={comments} />
      {!thread?.complete && (
        <button
          type="button"
          className="button button--small comments__more"
          aria-describedby={titleId}
          aria-busy={loading}
          onClick={() => {
            if (!loading) onMore();
          }}
        >
          Show more comments
        </button>
      )}
      {thread?.reading === 'failed' && (
        <p role="alert" className="form-error">
          {ORDER_NOT_READ}
        </p>
      )}
    </>
  );
}
