import { Suspense, useState } from 'react';
import { useMainFeedStamps } from '../features/feed';
import { LazyModerationView } from '../features/moderation';
import { useSession } from '../features/session';
import { OfflineNotice } from '../shared/network/OfflineNotice';
import { isAdmin } from '../shared/permissions/permissions';
import { FeedPage } from './FeedPage';
import { Header } from './Header';
import { HeaderControls } from './HeaderControls';

/** The one screen (spec §2): header, login, the administrator's form, the feed. */
export function App() {
  const user = useSession();
  const { changedAt } = useMainFeedStamps();
  const [query, setQuery] = useState('');
  const [moderating, setModerating] = useState(false);
  const admin = isAdmin(user);

  return (
    <>
      <a className="skip-link" href="#feed-heading">
        Skip to posts
      </a>
      <OfflineNotice />
      <Header>
        <HeaderControls
          query={query}
          onQueryChange={setQuery}
          user={user}
          admin={admin}
          moderating={moderating}
          onModeratingChange={setModerating}
        />
      </Header>
      <main className="main">
        {admin && moderating && (
          <Suspense fallback={null}>
            <LazyModerationView changedAt={changedAt} onClose={() => setModerating(false)} />
          </Suspense>
        )}
        {/* Kept while the moderation view is open: the feed keeps its place, and its live checks
            tell the moderation view of new comments. */}
        <div className="main__page" hidden={admin && moderating}>
          <FeedPage query={query} user={user} admin={admin} />
        </div>
      </main>
    </>
  );
}
