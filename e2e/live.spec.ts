import type { Page } from '@playwright/test';
import { DEMO_POSTS, expect, test } from './fixtures';
import {
  FAN_EMAIL,
  articles,
  fastForwardUntil,
  openFeed,
  postAt,
  openPostForm,
  signInAs,
  signInAsAdmin,
} from './support/app';

/** How often an open page checks for changes (src/features/live/state/liveChecks.ts: 30 s). */
const CHECK_EVERY_MS = 30_000;

/**
 * The live feed with two browser contexts on the same emulators. One journey, at one size, waits
 * for the page's own timer in real time (a new post shows within 35 s: one check, 30 s, and its
 * answer); everywhere else the reader's page runs on Playwright's clock, moved past its next check:
 * what the other context did shows after that one check (comments and deletions may take two, 65 s,
 * as they ride on a post's change).
 */
test.describe('a live feed across two browsers', () => {
  test.setTimeout(90_000);

  /** Where the reader's window is, and where a card on screen sits in it. */
  async function readerPosition(page: Page, index: number) {
    const box = await postAt(page, index).boundingBox();
    return { scrollY: await page.evaluate(() => window.scrollY), cardTop: box?.y };
  }

  test('a post published in one shows as "1 new post" in the other, without moving the feed', async ({
    page,
    otherPage: admin,
  }, testInfo) => {
    const realTime = testInfo.project.name === 'desktop';
    if (!realTime) await page.clock.install();
    await openFeed(page);
    await postAt(page, 4).scrollIntoViewIfNeeded();
    const before = await readerPosition(page, 4);

    await openFeed(admin);
    await signInAsAdmin(admin);
    const title = 'Northbridge complete a deadline-day signing';
    const form = await openPostForm(admin);
    await form.getByRole('textbox', { name: 'Post title' }).fill(title);
    await form.getByRole('textbox', { name: 'Post content' }).fill('Signed and sealed.');
    await form.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(articles(admin).first()).toHaveAccessibleName(title);

    const button = page.getByRole('button', { name: '1 new post' });
    if (realTime) await expect(button).toBeVisible({ timeout: 35_000 });
    else {
      await fastForwardUntil(page, CHECK_EVERY_MS, (timeout) =>
        expect(button).toBeVisible({ timeout }),
      );
    }
    expect(await readerPosition(page, 4)).toEqual(before);
    await expect(articles(page).first()).toHaveAccessibleName(DEMO_POSTS[0].title);

    await button.click();
    await expect(articles(page).first()).toHaveAccessibleName(title);
    await expect(articles(page).first()).toBeFocused();
    await expect(button).toHaveCount(0);
  });

  test('a fan’s comment in one shows under the post in the other, where a comment being typed is kept', async ({
    page,
    otherPage: commenter,
  }) => {
    await page.clock.install();
    await openFeed(page);
    await signInAs(page, 'reader@example.com');
    const typing = postAt(page, 1).getByRole('textbox', { name: 'Add a comment...' });
    await typing.fill('Still thinking about this one');

    await openFeed(commenter);
    await signInAs(commenter, FAN_EMAIL);
    const card = postAt(commenter, 1);
    await card.getByRole('textbox', { name: 'Add a comment...' }).fill('Get it done!');
    await card.getByRole('button', { name: 'Post' }).click();
    await expect(card.getByRole('listitem').last()).toContainText('Get it done!');

    await fastForwardUntil(page, CHECK_EVERY_MS, (timeout) =>
      expect(postAt(page, 1).getByRole('list', { name: 'Comments:' })).toContainText(
        `${FAN_EMAIL}: Get it done!`,
        { timeout },
      ),
    );
    await expect(typing).toHaveValue('Still thinking about this one');
  });

  test('a post deleted in one disappears from the other', async ({ page, otherPage: admin }) => {
    // Cards by position: the demo posts repeat some titles further down.
    await page.clock.install();
    await openFeed(page);
    await expect(postAt(page, 2)).toHaveAccessibleName(DEMO_POSTS[2].title);

    await openFeed(admin);
    await signInAsAdmin(admin);
    await postAt(admin, 2).getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Delete this post?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(postAt(admin, 2)).toHaveAccessibleName(DEMO_POSTS[3].title);

    await fastForwardUntil(page, CHECK_EVERY_MS, (timeout) =>
      expect(postAt(page, 2)).toHaveAccessibleName(DEMO_POSTS[3].title, { timeout }),
    );
    await expect(postAt(page, 1)).toHaveAccessibleName(DEMO_POSTS[1].title);
  });
});
