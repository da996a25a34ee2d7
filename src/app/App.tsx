import { Suspense, useState } from 'react';
import { useMainFeedStamps } from '../features/feed';
import { LazyModerationView } from '../features/moderation';
import { useSession } from '../features/session';
import { OfflineNotice } from '../shared/network/OfflineNotice';
import { isAdmin } from '../shared/permissions/permissions';
import { FeedPage } from './FeedPage';
import { Header } from './Header';
import { HeaderControls } from './HeaderControls';
// Not with the features above: imported before the session's, the search box's CSS would move
// ahead of the login's in the first load's style block (and its hash in the CSP with it).
import { useSearch } from '../features/search';

/** The one screen (spec §2): header, login, the administrator's form, the feed. */
export function App() {
  const user = useSession();
  const { changedAt } = useMainFeedStamps();
  const search = useSearch();
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
          search={search}
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
          <FeedPage search={search} user={user} admin={admin} />
        </div>
      </main>
    </>
  );
}
