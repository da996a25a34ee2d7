import { useExternalStore } from '../../../shared/state/externalStore';
import { mainFeedStamps, type FeedStamps } from '../state/mainFeedStamps';

/** The main feed's read time and last live change, as the feed sets them (state/mainFeedStamps). */
export function useMainFeedStamps(): FeedStamps {
  return useExternalStore(mainFeedStamps);
}
