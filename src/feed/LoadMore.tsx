import { useEffect, useRef } from 'react';

export interface LoadMoreProps {
  loading: boolean;
  hasMore: boolean;
  onLoadMore: () => void;
  /** The reader nears the button: time to load what the next page needs. */
  onNear: () => void;
}

/** The bottom of the feed: 'Loading more...' while a page loads, 'Load More' while there is one. */
export function LoadMore({ loading, hasMore, onLoadMore, onNear }: LoadMoreProps) {
  const button = useRef<HTMLButtonElement>(null);

  // The next page needs the Firestore SDK: fetch it as the reader nears the button, not before,
  // so a visitor's first load stays light.
  useEffect(() => {
    const element = button.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          onNear();
          observer.disconnect();
        }
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, onNear]);

  return (
    <div className="load-more">
      <p role="status" className="load-more__status">
        {loading ? 'Loading more...' : ''}
      </p>
      {hasMore && (
        <button
          ref={button}
          type="button"
          className="button button--primary load-more__button"
          aria-disabled={loading}
          onClick={onLoadMore}
          onPointerEnter={onNear}
          onFocus={onNear}
        >
          Load More
        </button>
      )}
    </div>
  );
}
