import { useEffect, useMemo, useRef, useState } from 'react';
import type { AppUser } from '../permissions';
import { LoadMore } from './LoadMore';
import { PostCard } from './PostCard';
import { SearchStatus } from './SearchStatus';
import { searchPosts } from './searchPosts';
import type { FeedModel } from './useFeed';

export interface FeedProps {
  feed: FeedModel;
  query: string;
  user: AppUser | null;
}

/** The posts, as an ARIA feed: articles named by their titles, aria-busy while a page loads. */
export function Feed({ feed, query, user }: FeedProps) {
  const { posts, status, firstPage, hasMore, loadMore, retry, ops } = feed;
  // One clock for every card's "3 hours ago"; fixed for the visit, like the page itself.
  const [now] = useState(Date.now);
  const visible = useMemo(() => searchPosts(posts, query), [posts, query]);
  const list = useRef<HTMLDivElement>(null);
  // Load More moves on to the first new post when the button goes away (the last page).
  const focusFrom = useRef<number | null>(null);
  const loading = status === 'loading';
  const firstLoading = loading && firstPage;
  const failed = status === 'failed';

  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || loading) return;
    focusFrom.current = null;
    const articles = list.current?.querySelectorAll<HTMLElement>('article');
    if (!hasMore && articles && index < articles.length) articles[index].focus();
  }, [loading, hasMore, posts.length]);

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
      <div ref={list} role="feed" aria-labelledby="feed-heading" aria-busy={loading}>
        {visible.map((post, index) => (
          <PostCard
            key={post.id}
            post={post}
            position={index + 1}
            setSize={hasMore && query === '' ? -1 : visible.length}
            now={now}
            user={user}
            ops={ops}
            eagerImage={index === 0}
          />
        ))}
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
        <LoadMore loading={loading && !firstPage} hasMore={hasMore} onLoadMore={onLoadMore} />
      )}
    </section>
  );
}
