import { resetFeed } from '../scripts/lib/stack';
import { countText } from '../src/shared/posts/commentSummary';
import { E2E_PORTS } from '../scripts/lib/testPorts';
import { SEED_NOW, expect as baseExpect, test } from './fixtures';
import { PAGE_SIZE, articles, openFeed, postAt } from './support/app';
import {
  DEADLINE_DAY,
  DEADLINE_DAY_FEED,
  LIVE_BLOG,
  cardWith,
  commentsHeader,
  reachedHeader,
  lines,
  showAll,
} from './support/deadlineDay';

/**
 * The deadline-day feed (npm run seed:deadline-day): the club's pinned live blog with 10,000
 * comments on top, then the newest posts with 400 down to 3 comments. A phone shows each card with
 * its count, reads a long thread only when asked, 50 comments at a time, and shows a short one
 * whole from the card. (e2e/hotStory.spec.ts: a fan's comment and its removal on that feed.)
 */
const NEWEST = DEADLINE_DAY[0];

test.describe.configure({ timeout: 180_000 });
/**
 * A thread's read (a lazily loaded chunk, then 50 documents) on a 2-core machine running other
 * work can take longer than the suite's 5 s.
 */
const expect = baseExpect.configure({ timeout: 20_000 });

test.beforeEach(async ({ isMobile }) => {
  test.skip(!isMobile, 'A phone-size journey');
  await resetFeed(E2E_PORTS, { now: SEED_NOW, posts: DEADLINE_DAY_FEED });
});

test('a phone shows the deadline-day counts, reads a 400-comment thread 50 at a time, and shows a short thread whole', async ({
  page,
}) => {
  expect(NEWEST.comments).toHaveLength(400);
  await openFeed(page);

  // The pinned live blog first, with its count and none of its 10,000 comments.
  const live = postAt(page, 0);
  await expect(live).toHaveAccessibleName(LIVE_BLOG.title);
  await expect(live.getByText('Pinned', { exact: true })).toBeVisible();
  await expect(await reachedHeader(live)).toHaveText(
    `Comments:${countText(LIVE_BLOG.comments.length)}`,
  );
  await expect(showAll(live, LIVE_BLOG.comments.length)).toBeVisible();
  await expect(lines(live)).toHaveCount(0);

  // Then the newest post, with its count and none of its 400 comments until asked.
  const newest = postAt(page, 1);
  await expect(newest).toHaveAccessibleName(NEWEST.title);
  await expect(await reachedHeader(newest)).toHaveText('Comments:400');
  await expect(lines(newest)).toHaveCount(0);
  // A long thread far down the page has its count read only when the reader gets near it.
  await expect(commentsHeader(cardWith(page, 12).card)).toHaveText('Comments:');

  await showAll(newest, 400).click();
  await expect(lines(newest)).toHaveCount(50);
  await expect(lines(newest).last()).toContainText(NEWEST.comments[399].text);
  const more = newest.getByRole('button', { name: 'Show more comments' });
  for (let shown = 100; shown <= 400; shown += 50) {
    await more.click();
    await expect(lines(newest)).toHaveCount(shown);
  }
  await expect(lines(newest).first()).toContainText(NEWEST.comments[0].text);
  // Its eighth page was a full one: only asking once more tells the page there is nothing before.
  await more.click();
  await expect(more).toHaveCount(0);
  await expect(lines(newest)).toHaveCount(400);
  await expect(await reachedHeader(newest)).toHaveText('Comments:400');

  // The tail of the first page: 12 comments behind 'Show all', 8 (as many as a card holds) whole.
  await expect(articles(page)).toHaveCount(PAGE_SIZE);
  const { card: twelve, post: withTwelve } = cardWith(page, 12);
  await expect(twelve).toHaveAccessibleName(withTwelve.title);
  await expect(await reachedHeader(twelve)).toHaveText('Comments:12');
  await expect(showAll(twelve, 12)).toBeVisible();
  await expect(lines(twelve)).toHaveCount(0);
  const { card: eight, post: withEight } = cardWith(page, 8);
  await expect(eight).toHaveAccessibleName(withEight.title);
  await expect(await reachedHeader(eight)).toHaveText('Comments:8');
  await expect(lines(eight)).toHaveCount(8);
  await expect(lines(eight).last()).toContainText(withEight.comments[7].text);
  await expect(eight.getByRole('button', { name: /^Show / })).toHaveCount(0);
});
