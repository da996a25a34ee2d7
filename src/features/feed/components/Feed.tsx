import {
  Suspense,
  lazy,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { PAGE_SIZE } from '../../posts';
import type { FeedModel } from '../hooks/useFeed';
import { useNow } from '../../../shared/ui/useNow';
import type { AppUser } from '../../session';
import { useNeedsNetwork } from '../../../shared/network/needsNetwork';
import { AllCards } from './AllCards';
import { FeedContext, type FeedContextValue } from '../../posts';
import { cardHeights, useCardsInProgress, type FeedListProps } from '../data/feedList';
import { LoadMore } from './LoadMore';
import { NewPosts } from './NewPosts';
import { SearchStatus } from '../../search';
import { useShownPosts } from '../hooks/useShownPosts';
import { useIncomingFocus, useLoadMoreFocus } from '../hooks/useFeedFocus';

/**
 * Up to this many loaded posts (three pages) every card is in the page, so find-in-page and
 * reading straight through work as on any page. Beyond it only the cards near the screen are:
 * with 2,100 posts, showing or hiding every card on a search keystroke took a phone 300 ms.
 */
const LONG_FEED_FROM = 3 * PAGE_SIZE;
/** How often "3 minutes ago" is worked out again while the page is visible. */
const TIME_REFRESH_MS = 60_000;

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
  const { status, hasMore } = feed;
  const { kept, container: followProgress } = useCardsInProgress();
  const { present, posts, adding, searched, shown } = useShownPosts(feed, kept, query, alsoMatches);
  const busy = status === 'loading' || adding;
  const idPrefix = useId();
  const context = useCardsContext(feed, user, idPrefix);
  const list = useRef<HTMLDivElement>(null);
  const long = posts.length > windowFrom;
  const knownHeights = useKnownHeights(list, !long && present.length > windowFrom);
  const onLoadMore = useLoadMoreFocus(posts, busy, hasMore, idPrefix, feed.loadMore);
  const onShowIncoming = useIncomingFocus(posts, idPrefix, feed.incoming, feed.showIncoming);

  const listProps: FeedListProps = {
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
    listRef: list,
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
        <FeedCards long={long} {...listProps} />
      </FeedContext>
      <FeedEnd
        feed={feed}
        empty={posts.length === 0}
        adding={adding}
        firstPageFailure={firstPageFailure}
        onLoadMore={onLoadMore}
      />
    </section>
  );
}

/** What every card reads: who is reading, the writes, the time now, the ids' prefix and more. */
function useCardsContext(feed: FeedModel, user: AppUser | null, idPrefix: string) {
  const { ops, deletedElsewhere } = feed;
  const now = useNow(TIME_REFRESH_MS);
  const pinnedId = feed.pinned?.post ? feed.pinned.id : null;
  return useMemo<FeedContextValue>(
    () => ({ user, ops, now, idPrefix, deletedElsewhere, pinnedId }),
    [user, ops, now, idPrefix, deletedElsewhere, pinnedId],
  );
}

/**
 * Loaded posts that make the feed long, while every card is still in the page (`becomingLong`):
 * the virtual list (the next render) starts from the cards' heights as laid out now, so nothing
 * on screen moves.
 */
function useKnownHeights(list: RefObject<HTMLDivElement | null>, becomingLong: boolean) {
  const [knownHeights, setKnownHeights] = useState<ReadonlyMap<string, number>>(() => new Map());
  useLayoutEffect(() => {
    if (becomingLong) setKnownHeights(cardHeights(list.current));
  }, [list, becomingLong]);
  return knownHeights;
}

/** Every card while the feed is short, the virtual list once it is long. */
function FeedCards({ long, ...listProps }: FeedListProps & { long: boolean }) {
  return (
    // While the virtual list's code loads: every card, the feed busy.
    <Suspense
      fallback={<AllCards {...listProps} container={{ ...listProps.container, 'aria-busy': true }} />}
    >
      {long ? <LazyVirtualCards {...listProps} /> : <AllCards {...listProps} />}
    </Suspense>
  );
}

interface FeedEndProps {
  feed: FeedModel;
  empty: boolean;
  /** The page's cards are still being added. */
  adding: boolean;
  firstPageFailure: string;
  onLoadMore: () => void;
}

/** Below the cards: the loading and empty notes, a failure with Retry, or Load More. */
function FeedEnd({ feed, empty, adding, firstPageFailure, onLoadMore }: FeedEndProps) {
  const { status, firstPage } = feed;
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
          hasMore={feed.hasMore}
          onLoadMore={onLoadMore}
        />
      )}
    </>
  );
}
