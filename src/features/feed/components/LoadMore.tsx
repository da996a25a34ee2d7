import { useNeedsNetwork } from '../../../shared/network/needsNetwork';
import './feed.css';

export interface LoadMoreProps {
  loading: boolean;
  hasMore: boolean;
  onLoadMore: () => void;
}

/**
 * The bottom of the feed: 'Loading more...' while a page loads, 'Load More' while there is one. The
 * next page is a plain REST request (shared/posts/restReads.ts listPosts), so nothing needs
 * warming first.
 */
export function LoadMore({ loading, hasMore, onLoadMore }: LoadMoreProps) {
  const network = useNeedsNetwork();
  return (
    <div className="load-more">
      <p role="status" className="load-more__status">
        {loading ? 'Loading more...' : ''}
      </p>
      {hasMore && (
        <button
          type="button"
          className="button button--primary load-more__button"
          aria-disabled={loading}
          {...network}
          onClick={onLoadMore}
        >
          Load More
        </button>
      )}
    </div>
  );
}
