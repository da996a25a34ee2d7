import type { Locator } from '@playwright/test';
import { resetFeed } from '../scripts/lib/stack';
import { E2E_PORTS } from '../scripts/lib/testPorts';
import { buildDeadlineDayPosts } from '../scripts/seed/deadlineDay';
import { SEED_NOW, expect, test } from './fixtures';
import {
  FAN_EMAIL,
  PAGE_SIZE,
  articles,
  fastForwardUntil,
  openFeed,
  postAt,
  signInAs,
  signInAsAdmin,
} from './support/app';

/**
 * The deadline-day feed (npm run seed:deadline-day): the newest 35 posts carry 400 down to 3
 * comments. A phone shows each card with its count, reads a thread only when asked, 50 comments
 * at a time, and a fan's comment and the administrator's removal go through as on any feed.
 */
const POSTS = buildDeadlineDayPosts(SEED_NOW);
/**
 * How often a visible page checks for changes (src/features/live/state/liveChecks.ts, which reads
 * the page's env).
 */
const CHECK_EVERY_MS = 30_000;
const NEWEST = POSTS[0];

test.beforeEach(async ({ isMobile }) => {
  test.skip(!isMobile, 'A phone-size journey');
  await resetFeed(E2E_PORTS, { now: SEED_NOW, posts: POSTS });
});

function lines(post: Locator): Locator {
  return post.getByRole('list', { name: 'Comments:' }).getByRole('listitem');
}

test('a phone reads a 400-comment thread 50 at a time; a fan comments on the next; the administrator removes it', async ({
  page,
  otherPage: admin,
}) => {
  // A long journey: 400 comments shown, two sign-ins, a reload and a live check.
  test.slow();
  expect(NEWEST.comments).toHaveLength(400);
  await page.clock.install();
  await openFeed(page);
  await expect(articles(page)).toHaveCount(PAGE_SIZE);

  // The first card is the newest post, with its count and none of its 400 comments.
  const newest = postAt(page, 0);
  await expect(newest).toHaveAccessibleName(NEWEST.title);
  await expect(newest.locator('.comments__header')).toHaveText('Comments:400');
  await expect(lines(newest)).toHaveCount(0);

  await newest.getByRole('button', { name: 'Show all 400 comments' }).click();
  await expect(lines(newest)).toHaveCount(50);
  await expect(lines(newest).last()).toContainText(NEWEST.comments[399].text);
  const more = newest.getByRole('button', { name: 'Show more comments' });
  for (let shown = 100; shown <= 400; shown += 50) {
    await more.click();
    await expect(lines(newest)).toHaveCount(shown);
  }
  await expect(more).toHaveCount(0);
  await expect(lines(newest).first()).toContainText(NEWEST.comments[0].text);

  // The newest post holds the most comments the rules allow: it says so instead of a comment box.
  await signInAs(page, FAN_EMAIL);
  await expect(newest.getByText('Comments are closed')).toBeVisible();
  await expect(newest.getByRole('textbox', { name: 'Add a comment...' })).toHaveCount(0);

  // A fan's comment on the next post (380) shows at once, and is there after a reload, at the end
  // of its thread.
  const second = postAt(page, 1);
  const count = POSTS[1].comments.length;
  await expect(second).toHaveAccessibleName(POSTS[1].title);
  const text = 'Deadline day and we finally move!';
  await second.getByRole('textbox', { name: 'Add a comment...' }).fill(text);
  await second.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(lines(second).filter({ hasText: text })).toBeVisible();
  await expect(second.locator('.comments__count')).toHaveText(`${count + 1}`);

  await page.reload();
  await expect(articles(page)).toHaveCount(PAGE_SIZE);
  await expect(second.locator('.comments__count')).toHaveText(`${count + 1}`);
  await second.getByRole('button', { name: `Show all ${count + 1} comments` }).click();
  await expect(lines(second).last()).toContainText(`${FAN_EMAIL}: ${text}`);

  // The administrator removes it elsewhere; the fan's open thread loses it at the next check.
  await openFeed(admin);
  await signInAsAdmin(admin);
  const adminCard = postAt(admin, 1);
  await adminCard.getByRole('button', { name: `Show all ${count + 1} comments` }).click();
  const line = lines(adminCard).filter({ hasText: text });
  await line.getByRole('button', { name: 'Remove' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Remove this comment?' });
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(line).toHaveCount(0);
  await expect(adminCard.locator('.comments__count')).toHaveText(`${count}`);

  await fastForwardUntil(page, CHECK_EVERY_MS, (timeout) =>
    expect(lines(second).filter({ hasText: text })).toHaveCount(0, { timeout }),
  );
  await expect(second.locator('.comments__count')).toHaveText(`${count}`);
});
