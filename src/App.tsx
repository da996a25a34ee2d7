import { Suspense, lazy, useState } from 'react';
import { LazyPostComposer } from './admin/lazyAdmin';
import { Feed } from './feed/Feed';
import { useFeed } from './data/useFeed';
import { Header } from './header/Header';
import { LoginPanel } from './header/LoginPanel';
import { SearchBox } from './header/SearchBox';
import { OfflineNotice } from './ui/OfflineNotice';
import { ThemeToggle } from './header/ThemeToggle';
import { isAdmin } from './permissions';
import { useSession } from './session/useSession';

// Only a permalink's page needs it (the notice above the feed, the page title).
const LazyPinnedStatus = lazy(() =>
  import('./permalink/PinnedStatus').then((module) => ({ default: module.PinnedStatus })),
);

/** The one screen (spec §2): header, login, the administrator's form, the feed. */
export function App() {
  const user = useSession();
  const feed = useFeed();
  const [query, setQuery] = useState('');

  return (
    <>
      <a className="skip-link" href="#feed-heading">
        Skip to posts
      </a>
      <OfflineNotice />
      <Header>
        <SearchBox query={query} onQueryChange={setQuery} />
        <ThemeToggle />
        <LoginPanel user={user} />
      </Header>
      <main className="main">
        {isAdmin(user) && (
          <Suspense fallback={null}>
            <LazyPostComposer onCreate={feed.ops.createPost} onPrepare={feed.ops.prepare} />
          </Suspense>
        )}
        {feed.pinned && (
          <Suspense fallback={null}>
            <LazyPinnedStatus
              // Deleted elsewhere since it was read: no longer available (its card stays only
              // while the reader is using it).
              pinned={
                feed.deleted.has(feed.pinned.id)
                  ? { id: feed.pinned.id, post: null, status: 'missing' }
                  : feed.pinned
              }
              onRetry={feed.retryPinned}
            />
          </Suspense>
        )}
        <Feed feed={feed} query={query} user={user} />
      </main>
    </>
  );
}
