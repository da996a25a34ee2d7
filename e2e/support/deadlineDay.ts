import type { Locator, Page } from '@playwright/test';
import { resetFeed } from '../../scripts/lib/stack';
import { E2E_PORTS } from '../../scripts/lib/testPorts';
import { buildDeadlineDayFeed } from '../../scripts/seed/deadlineDay';
import type { DemoPost } from '../../scripts/seed/demoPosts';
import { showAllLabel } from '../../src/shared/posts/commentSummary';
import { SEED_NOW, expect, test } from '../fixtures';
import { postAt } from './app';

/**
 * The deadline-day feed as `npm run seed:deadline-day` writes it (scripts/seed/deadlineDay.ts),
 * for the journeys that reseed the emulator with it.
 */
export const DEADLINE_DAY_FEED: DemoPost[] = buildDeadlineDayFeed(SEED_NOW);

/** The club's pinned live blog (10,000 comments): the feed's first card. */
export const LIVE_BLOG: DemoPost = onlyPinned(DEADLINE_DAY_FEED);

/** The other posts, newest first, as the cards below the live blog list them (400, 380, … 3). */
export const DEADLINE_DAY: DemoPost[] = DEADLINE_DAY_FEED.filter((post) => !post.pinned);

/**
 * Makes the spec's tests phone-size journeys on the deadline-day feed, each on it written anew.
 */
export function phoneJourneysOnDeadlineDay(): void {
  test.describe.configure({ timeout: 180_000 });
  test.beforeEach(async ({ isMobile }) => {
    test.skip(!isMobile, 'A phone-size journey');
    await resetFeed(E2E_PORTS, { now: SEED_NOW, posts: DEADLINE_DAY_FEED });
  });
}

/** A thread's read (a lazily loaded chunk, then 50 documents) can take longer than 5 s here. */
export const threadExpect = expect.configure({ timeout: 20_000 });

function onlyPinned(posts: DemoPost[]): DemoPost {
  const pinned = posts.filter((post) => post.pinned);
  if (pinned.length !== 1) throw new Error(`Deadline day pins ${pinned.length} posts, not one`);
  return pinned[0];
}

/** The card of the newest post with `count` comments (under the pinned live blog), and the post. */
export function cardWith(page: Page, count: number): { card: Locator; post: DemoPost } {
  const index = DEADLINE_DAY.findIndex((post) => post.comments.length === count);
  if (index < 0) throw new Error(`No deadline-day post has ${count} comments`);
  return { card: postAt(page, index + 1), post: DEADLINE_DAY[index] };
}

/** 'Comments:' and the count beside it. */
export function commentsHeader(card: Locator): Locator {
  return card.locator('.comments__header');
}

/**
 * 'Comments:' and its count once the reader has scrolled to the card: a long thread's count is
 * read only for a card near the screen (src/shared/ui/useNearScreen.ts).
 */
export async function reachedHeader(card: Locator): Promise<Locator> {
  const header = commentsHeader(card);
  await header.scrollIntoViewIfNeeded();
  return header;
}

/** The comments a card shows. */
export function lines(card: Locator): Locator {
  return card.getByRole('list', { name: 'Comments:' }).getByRole('listitem');
}

/** The control that opens a thread of `count` comments, in the app's words (showAllLabel). */
export function showAll(card: Locator, count: number): Locator {
  return card.getByRole('button', { name: showAllLabel(count), exact: true });
}
