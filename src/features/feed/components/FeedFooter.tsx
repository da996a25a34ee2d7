import { useNeedsNetwork } from '../../../shared/network/needsNetwork';
import type { FeedModel } from '../hooks/useFeed';
import { LoadMore } from './LoadMore';
import './feed.css';

export interface FeedFooterProps {
  feed: Pick<FeedModel, 'status' | 'firstPage' | 'hasMore' | 'retry'>;
  /** No card is rendered. */
  empty: boolean;
  /** The loaded page's cards are still being added. */
  adding: boolean;
  onLoadMore: () => void;
  /** What a first page that failed to load says. */
  firstPageFailure: string;
}

/** Below the cards: 'Loading posts…', an empty feed's note, a failure with Retry, or Load More. */
export function FeedFooter({ feed, empty, adding, onLoadMore, firstPageFailure }: FeedFooterProps) {
  const { status, firstPage, hasMore } = feed;
  const loading = status === 'loading';
  const failed = status === 'failed';
  const retryNeedsNetwork = useNeedsNetwork();
  return (
    <>
      {loading && firstPage && <p className="feed__note">Loading posts…</p>}
      {status === 'ready' && empty && (
        <p className="feed__note">No posts yet. News will appear here.</p>
      )}
      {failed && (
        <div role="alert" className="feed__error">
          <p>{firstPage ? firstPageFailure : 'More posts could not be loaded.'}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={feed.retry}
            {...retryNeedsNetwork}
          >
            Retry
          </button>
        </div>
      )}
      {!failed && (
        <LoadMore
          // Still there (disabled) while the page's cards are added: the page keeps its length.
          loading={(loading && !firstPage) || adding}
          hasMore={hasMore}
          onLoadMore={onLoadMore}
        />
      )}
    </>
  );
}
