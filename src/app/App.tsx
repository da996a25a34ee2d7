import { Suspense, useState } from 'react';
import { LazyPostComposer } from '../features/admin';
import { LazyDealView, LazyDealsStrip } from '../features/dealFeeds';
import { LazyModerationView } from '../features/moderation';
import { Feed } from '../features/feed';
import { useFeed } from '../features/feed';
import { Header } from './Header';
import { LoginPanel } from '../features/session';
import { SearchBox } from '../features/search';
import { LazySearchAll } from '../features/search';
import { OfflineNotice } from '../shared/network/OfflineNotice';
import { ThemeToggle } from './ThemeToggle';
import { SharedPostStatus } from '../features/feed';
import { isAdmin } from '../shared/permissions/permissions';
import { useSession } from '../features/session';
import { useDealAddress } from '../features/deals';
import { usePageLoaded } from '../shared/pageLoaded/usePageLoaded';

/** The one screen (spec §2): header, login, the administrator's form, the feed. */
export function App() {
  // Over 60 lines on purpose: split into components it costs first-load bytes (at the budget).
  const user = useSession();
  const feed = useFeed();
  const [query, setQuery] = useState('');
  const [moderating, setModerating] = useState(false);
  const admin = isAdmin(user);
  const [dealId, insAndOuts] = useDealAddress();
  // An address naming a deal that does not exist (or cannot: the deal page never requests a
  // malformed id, and says so at once) shows the full feed, with a notice.
  const [unknownDeal, setUnknownDeal] = useState<string | null>(null);
  const dealShown = dealId !== null && dealId !== unknownDeal;
  // A deal's feed or the window's ins and outs, in place of the full feed.
  const dealPage = dealShown || insAndOuts;
  // The strip waits for the first page and the first screen's paint: it never competes with them.
  const loaded = usePageLoaded();

  return (
    <>
      <a className="skip-link" href="#feed-heading">
        Skip to posts
      </a>
      <OfflineNotice />
      <Header>
        <SearchBox query={query} onQueryChange={setQuery} />
        <ThemeToggle />
        {admin && (
          <button
            type="button"
            className="button header-button"
            aria-pressed={moderating}
            onClick={() => setModerating(!moderating)}
          >
            Moderation
          </button>
        )}
        <LoginPanel user={user} />
      </Header>
      <main className="main">
        {admin && moderating ? (
          <Suspense fallback={null}>
            <LazyModerationView changedAt={feed.changedAt} onClose={() => setModerating(false)} />
          </Suspense>
        ) : (
          <>
            {admin && (
              <Suspense fallback={null}>
                <LazyPostComposer />
              </Suspense>
            )}
            {/* Its room is kept from the first render, so the feed does not move when it comes. */}
            <div className="deals-slot">
              {loaded && (feed.readTime !== null || dealShown) && (
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
                  query={query}
                  user={user}
                  onMissing={setUnknownDeal}
                />
              </Suspense>
            )}
            {/* Kept while a deal's feed is shown, so Back finds it as it was. */}
            <div hidden={dealPage}>
              {/* In the first load's code, not a lazy chunk: the notice that a shared post is gone
                  is painted with the feed below it, never pushing it down afterwards. */}
              {feed.shared && <SharedPostStatus shared={feed.shared} onRetry={feed.retryShared} />}
              <Feed feed={feed} query={query} user={user} />
            </div>
            {query && (
              <Suspense fallback={null}>
                <LazySearchAll query={query} user={user} />
              </Suspense>
            )}
          </>
        )}
      </main>
    </>
  );
}
