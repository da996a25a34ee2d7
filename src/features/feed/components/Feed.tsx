import { Suspense, lazy, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { PAGE_SIZE } from '../../../shared/posts/postsQuery';
import type { FeedModel } from '../hooks/useFeed';
import { TIME_REFRESH_MS, useNow } from '../../../shared/ui/useNow';
import type { AppUser } from '../../../shared/permissions/permissions';
import { useNeedsNetwork } from '../../../shared/network/needsNetwork';
import { AllCards } from './AllCards';
import { FeedContext, type FeedContextValue } from '../hooks/feedContext';
import { useCardsInProgress } from '../hooks/useCardsInProgress';
import { cardHeights, type FeedListProps } from './feedList';
import { LoadMore } from './LoadMore';
import { NewPosts } from './NewPosts';
import { SearchStatus } from './SearchStatus';
import { useShownPosts } from '../hooks/useShownPosts';
import { useFeedFocus } from '../hooks/useFeedFocus';
import './feed.css';

/**
 * Up to this many loaded posts (three pages) every card is in the page, so find-in-page and
 * reading straight through work as on any page. Beyond it only the cards near the screen are:
 * with 2,100 posts, showing or hiding every card on a search keystroke took a phone 300 ms.
 */
const LONG_FEED_FROM = 3 * PAGE_SIZE;

// The virtual list (and its library) only loads once a feed grows long: most visits never need it.
const LazyVirtualCards = lazy(() =>
  import('./VirtualCards').then((module) => ({ default: module.VirtualCards })),
);

export interface FeedProps {
  feed: FeedModel;
  query: string;
  user: AppUser | null;
  /** More loaded posts than this, and only the cards near the screen are rendered. */
  windowFrom?: number;
  /** The id of a heading outside that names the feed (a deal's); without it, its own. */
  labelledBy?: string;
  /** What a first page that failed to load says. */
  firstPageFailure?: string;
  /** Text every post here matches in a search as well: a deal's name, in the deal's feed. */
  alsoMatches?: string;
}

const FEED_HEADING_ID = 'feed-heading';

/** The posts, as an ARIA feed: articles named by their titles, aria-busy while a page loads. */
export function Feed({
  feed,
  query,
  user,
  windowFrom = LONG_FEED_FROM,
  labelledBy = FEED_HEADING_ID,
  firstPageFailure = 'The posts could not be loaded.',
  alsoMatches = '',
}: FeedProps) {
  // Over 60 lines on purpose: each further split (hook, component) costs first-load bytes (budget).
  const { status, firstPage, hasMore, deletedElsewhere } = feed;
  const { kept, container: followProgress } = useCardsInProgress();
  const [present, posts, searched, shown] = useShownPosts(feed, kept, query, alsoMatches);
  const adding = posts.length < present.length;
  const loading = status === 'loading';
  const failed = status === 'failed';
  const busy = loading || adding;
  const now = useNow(TIME_REFRESH_MS);
  const idPrefix = useId();
  const sharedId = feed.shared?.post ? feed.shared.id : null;
  const context = useMemo<FeedContextValue>(
    () => ({ user, now, idPrefix, deletedElsewhere, sharedId }),
    [user, now, idPrefix, deletedElsewhere, sharedId],
  );
  const list = useRef<HTMLDivElement>(null);
  const long = posts.length > windowFrom;
  const [knownHeights, setKnownHeights] = useState<ReadonlyMap<string, number>>(() => new Map());
  // Loaded posts that make the feed long, while every card is still in the page: the virtual list
  // (the next render) starts from the cards' heights as laid out now, so nothing on screen moves.
  const becomingLong = !long && present.length > windowFrom;
  useLayoutEffect(() => {
    if (becomingLong) setKnownHeights(cardHeights(list.current));
  }, [becomingLong]);
  const [onLoadMore, onShowIncoming] = useFeedFocus(posts, busy, idPrefix, feed);
  const retryNeedsNetwork = useNeedsNetwork();

  const listProps: Omit<FeedListProps, 'listRef'> = {
    posts,
    shown,
    kept,
    setSize: hasMore && searched === '' ? -1 : shown.length,
    knownHeights,
    container: {
      role: 'feed',
      'aria-labelledby': labelledBy,
      'aria-busy': busy,
      ...followProgress,
    },
  };

  return (
    <section className="feed" aria-labelledby={labelledBy}>
      {labelledBy === FEED_HEADING_ID && (
        <h2 id={FEED_HEADING_ID} className="visually-hidden">
          Transfer news
        </h2>
      )}
      <SearchStatus query={searched} matches={shown.length} loaded={posts.length} />
      <NewPosts count={feed.incoming.length} onShow={onShowIncoming} />
      <FeedContext value={context}>
        {/* While the virtual list's code loads: every card, the feed busy. */}
        <Suspense
          fallback={
            <AllCards
              {...listProps}
              listRef={list}
              container={{ ...listProps.container, 'aria-busy': true }}
            />
          }
        >
          {long ? (
            <LazyVirtualCards {...listProps} listRef={list} />
          ) : (
            <AllCards {...listProps} listRef={list} />
          )}
        </Suspense>
      </FeedContext>
      {loading && firstPage && <p className="feed__note">Loading posts…</p>}
      {status === 'ready' && posts.length === 0 && (
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
    </section>
  );
}
