import { useEffect, type Dispatch } from 'react';
import type { FeedAction } from '../../feed/data/feedReducer';
import { pageLoaded } from '../../../shared/pageLoaded/pageLoaded';
import type { WrittenAt } from '../../feed/data/writes';

/**
 * Keeps the feed current once its first page is shown: the live checks (../state/liveChecks.ts,
 * loaded once the page has loaded, never before the first page) report what changed since
 * `readTime`, and the feed takes it, except where this page wrote a post after the check began
 * (its own copy is newer).
 */
export function useLiveUpdates(
  readTime: string | null,
  dispatch: Dispatch<FeedAction>,
  writtenAt: WrittenAt,
): void {
  useEffect(() => {
    if (!readTime) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    pageLoaded()
      .then(() => import('../state/liveChecks'))
      .then(
        ({ startLiveChecks }) => {
          if (cancelled) return;
          stop = startLiveChecks({
            since: readTime,
            writtenAt,
            onChanges: (changes) => dispatch({ type: 'changed', changes }),
          });
        },
        (error: unknown) => console.warn('Live updates are off: their code did not load', error),
      );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [readTime, dispatch, writtenAt]);
}
