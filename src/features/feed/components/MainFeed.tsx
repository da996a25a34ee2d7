import { memo, useEffect } from 'react';
import type { AppUser } from '../../../shared/permissions/permissions';
import { useFeed } from '../hooks/useFeed';
import { NO_STAMPS, mainFeedStamps } from '../state/mainFeedStamps';
import { Feed } from './Feed';
import { SharedPostStatus } from './SharedPostStatus';

export interface MainFeedProps {
  query: string;
  user: AppUser | null;
}

/**
 * The page's feed of every post, newest first, with the notice of a shared post that is gone
 * above it. It holds the feed's state: the first page goes from the network to its cards without
 * leaving the feed (docs/architecture.md, "Counted"); the page around it reads only its stamps.
 * Memoised: the page's own renders (a stamp, the header) do not render the feed again.
 */
export const MainFeed = memo(function MainFeed({ query, user }: MainFeedProps) {
  const feed = useFeed();
  const { readTime, changedAt } = feed;
  useEffect(() => mainFeedStamps.set({ readTime, changedAt }), [readTime, changedAt]);
  useEffect(() => () => mainFeedStamps.set(NO_STAMPS), []);
  return (
    <>
      {/* In the first load's code, not a lazy chunk: the notice that a shared post is gone is
          painted with the feed below it, never pushing it down afterwards. */}
      {feed.shared && <SharedPostStatus shared={feed.shared} onRetry={feed.retryShared} />}
      <Feed feed={feed} query={query} user={user} />
    </>
  );
});
