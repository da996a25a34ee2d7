import { useId, useMemo } from 'react';
import { PAGE_SIZE } from '../../../shared/posts/postsQuery';
import type { FeedModel } from '../hooks/useFeed';
import { TIME_REFRESH_MS, useNow } from '../../../shared/ui/useNow';
import type { AppUser } from '../../../shared/permissions/permissions';
import { FeedCards } from './FeedCards';
import { FeedContext, type FeedContextValue } from '../hooks/feedContext';
import { useCardsInProgress } from '../hooks/useCardsInProgress';
import { FeedFooter } from './FeedFooter';
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

export interface FeedProps {
  feed: FeedModel;
  /** The search, once its keystroke has painted (features/search useSearchedAfterPaint). */
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
  const { status, hasMore, deletedElsewhere } = feed;
  const { kept, container: followProgress } = useCardsInProgress();
  const [present, posts, shown] = useShownPosts(feed, kept, query, alsoMatches);
  const adding = posts.length < present.length;
  const busy = status === 'loading' || adding;
  const now = useNow(TIME_REFRESH_MS);
  const idPrefix = useId();
  const sharedId = feed.shared?.post ? feed.shared.id : null;
  const context = useMemo<FeedContextValue>(
    () => ({ user, now, idPrefix, deletedElsewhere, sharedId }),
    [user, now, idPrefix, deletedElsewhere, sharedId],
  );
  const [onLoadMore, onShowIncoming] = useFeedFocus(posts, busy, idPrefix, feed);

  return (
    <section className="feed" aria-labelledby={labelledBy}>
      {labelledBy === FEED_HEADING_ID && (
        <h2 id={FEED_HEADING_ID} className="visually-hidden">
          Transfer news
        </h2>
      )}
      <SearchStatus query={query} matches={shown.length} loaded={posts.length} />
      <NewPosts count={feed.incoming.length} onShow={onShowIncoming} />
      <FeedContext value={context}>
        <FeedCards
          posts={posts}
          shown={shown}
          kept={kept}
          setSize={hasMore && query === '' ? -1 : shown.length}
          container={{
            role: 'feed',
            'aria-labelledby': labelledBy,
            'aria-busy': busy,
            ...followProgress,
          }}
          loaded={present.length}
          windowFrom={windowFrom}
        />
      </FeedContext>
      <FeedFooter
        feed={feed}
        empty={posts.length === 0}
        adding={adding}
        onLoadMore={onLoadMore}
        firstPageFailure={firstPageFailure}
      />
    </section>
  );
}
