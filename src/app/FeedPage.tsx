import { Suspense, useState } from 'react';
import { LazyPostComposer } from '../features/admin';
import { LazyDealView, LazyDealsStrip } from '../features/dealFeeds';
import { useDealAddress } from '../features/deals';
import { MainFeed, useMainFeedStamps } from '../features/feed';
import { LazySearchAll, type Search, useSearchedAfterPaint } from '../features/search';
import { usePageLoaded } from '../shared/pageLoaded/usePageLoaded';
import type { AppUser } from '../shared/permissions/permissions';

export interface FeedPageProps {
  search: Search;
  user: AppUser | null;
  admin: boolean;
}

/**
 * The page's main column: the administrator's form, the deals strip, and the feed, or in its place
 * a deal's feed or the window's ins and outs; under a search, the search of every post.
 */
export function FeedPage({ search, user, admin }: FeedPageProps) {
  const { query, asked, askAll, forgetAsk } = search;
  // When the main feed's first page was read: null before it, or when it failed.
  const { readTime } = useMainFeedStamps();
  const [dealId, insAndOuts] = useDealAddress();
  // An address naming a deal that does not exist (or cannot: the deal page never requests a
  // malformed id, and says so at once) shows the full feed, with a notice.
  const [unknownDeal, setUnknownDeal] = useState<string | null>(null);
  const dealShown = dealId !== null && dealId !== unknownDeal;
  // A deal's feed or the window's ins and outs, in place of the full feed.
  const dealPage = dealShown || insAndOuts;
  // The strip waits for the first page and the first screen's paint: it never competes with them.
  const loaded = usePageLoaded();
  // Everything below searches once the keystroke has painted: the letter typed never waits for the
  // cards shown or hidden, nor for any render but the box's (the feeds and the strip are memoised).
  const searched = useSearchedAfterPaint(query);
  // The search of every post is mounted from the first letter typed on, and kept (it shows nothing
  // while the box is empty): its code loads with that first letter.
  const [searchUsed, setSearchUsed] = useState(query !== '');
  if (query !== '' && !searchUsed) setSearchUsed(true);

  return (
    <>
      {admin && (
        <Suspense fallback={null}>
          <LazyPostComposer />
        </Suspense>
      )}
      {/* Its room is kept from the first render, so the feed does not move when it comes. */}
      <div className="deals-slot">
        {loaded && (readTime !== null || dealShown) && (
          <Suspense fallback={null}>
            <LazyDealsStrip />
          </Suspense>
        )}
      </div>
      {dealId !== null && !dealShown && (
        <p role="status" className="shared-status">
          This deal is not in the feed
        </p>
      )}
      {dealPage && (
        <Suspense fallback={null}>
          <LazyDealView
            key={dealId}
            dealId={dealShown ? dealId : null}
            query={searched}
            user={user}
            onMissing={setUnknownDeal}
          />
        </Suspense>
      )}
      {/* Kept while a deal's feed is shown, so Back finds it as it was. */}
      <div hidden={dealPage}>
        <MainFeed query={searched} user={user} />
      </div>
      {searchUsed && (
        <Suspense fallback={null}>
          <LazySearchAll
            query={searched}
            asked={asked}
            askAll={askAll}
            forgetAsk={forgetAsk}
            user={user}
          />
        </Suspense>
      )}
    </>
  );
}
