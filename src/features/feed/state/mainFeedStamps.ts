import { createExternalStore } from '../../../shared/state/externalStore';
import type { FeedState } from '../data/feedState';

/** What the page around the main feed needs to know of it (app/App.tsx). */
export type FeedStamps = Pick<FeedState, 'readTime' | 'changedAt'>;

export const NO_STAMPS: FeedStamps = { readTime: null, changedAt: null };

/**
 * The main feed's stamps, set by the feed itself (components/MainFeed.tsx): the deals strip waits
 * for the first page's read time, the moderation view reads newer comments when a live check finds
 * a change. The posts themselves never leave the feed.
 */
export const mainFeedStamps = createExternalStore<FeedStamps>(NO_STAMPS);
