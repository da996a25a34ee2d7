import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { AppUser } from '../permissions';
import { LoadMore } from './LoadMore';
import { FeedArticles, titleIdOf } from './FeedArticle';
import { WINDOW_FROM_POSTS } from './feedWindow';
import { SearchStatus } from './SearchStatus';
import { searchPosts } from './searchPosts';
import { useRenderedCount } from './useRenderedCount';
import type { FeedModel } from './useFeed';
import { useFeedWindow } from './useFeedWindow';

export interface FeedProps {
  feed: FeedModel;
  query: string;
  user: AppUser | null;
  /** More loaded posts than this, and only the cards near the screen are rendered. */
  windowFrom?: number;
}

/** The posts, as an ARIA feed: articles named by their titles, aria-busy while a page loads. */
export function Feed({ feed, query, user, windowFrom = WINDOW_FROM_POSTS }: FeedProps) {
  const { posts, status, firstPage, hasMore, loadMore, retry, ops } = feed;
  // One clock for every card's "3 hours ago"; fixed for the visit, like the page itself.
  const [now] = useState(Date.now);
  const visible = useMemo(() => searchPosts(posts, query), [posts, query]);
  const renderedCount = useRenderedCount(posts.length);
  const rendered = useMemo(() => posts.slice(0, renderedCount), [posts, renderedCount]);
  // Busy while a page loads or its cards are still being added.
  const busy = status === 'loading' || renderedCount < posts.length;
  const idPrefix = useId();
  const list = useRef<HTMLDivElement>(null);
  const windowed = posts.length > windowFrom;
  const { slots, measure, hold } = useFeedWindow(list, rendered, visible, windowed);
  // Load More moves on to the first new post when the button goes away (the last page).
  const focusFrom = useRef<number | null>(null);
  const loading = status === 'loading';
  const firstLoading = loading && firstPage;
  const failed = status === 'failed';

  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || busy) return;
    focusFrom.current = null;
    const post = posts.at(index);
    if (hasMore || !post) return;
    document.getElementById(titleIdOf(idPrefix, post.id))?.closest('article')?.focus();
  }, [busy, hasMore, posts, idPrefix]);

  const onLoadMore = () => {
    if (document.activeElement instanceof HTMLButtonElement) focusFrom.current = posts.length;
    loadMore();
  };

  return (
    <section className="feed" aria-labelledby="feed-heading">
      <h2 id="feed-heading" className="visually-hidden">
        Transfer news
      </h2>
      <SearchStatus query={query} matches={visible.length} loaded={posts.length} />
      <div
        ref={list}
        role="feed"
        aria-labelledby="feed-heading"
        aria-busy={busy}
        className={windowed ? 'feed__list feed__list--windowed' : 'feed__list'}
      >
        <FeedArticles
          slots={slots}
          windowed={windowed}
          measure={measure}
          hold={hold}
          idPrefix={idPrefix}
          setSize={hasMore && query === '' ? -1 : visible.length}
          now={now}
          user={user}
          ops={ops}
        />
      </div>
      {firstLoading && <p className="feed__note">Loading posts…</p>}
      {status === 'ready' && posts.length === 0 && (
        <p className="feed__note">No posts yet. News will appear here.</p>
      )}
      {failed && (
        <div role="alert" className="feed__error">
          <p>{firstPage ? 'The posts could not be loaded.' : 'More posts could not be loaded.'}</p>
          <button type="button" className="button button--primary" onClick={retry}>
            Retry
          </button>
        </div>
      )}
      {!failed && (
        <LoadMore
          loading={loading && !firstPage}
          // Not while the cards of the last page are still being added below it.
          hasMore={hasMore && renderedCount === posts.length}
          onLoadMore={onLoadMore}
        />
      )}
    </section>
  );
}
