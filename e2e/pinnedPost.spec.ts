import type { Page } from '@playwright/test';
import { DEMO_POSTS, expect, test } from './fixtures';
import {
  CHECK_EVERY_MS,
  articles,
  fastForwardUntil,
  openFeed,
  postAt,
  signInAsAdmin,
} from './support/app';
import { firstHeadings, recordFirstHeadings } from './support/firstHeadings';

/**
 * The administrator presses 'Pin to top' on the card at `index` (by place: demo titles repeat),
 * titled `title`; it goes on top.
 */
async function pin(admin: Page, index: number, title: string): Promise<void> {
  await expect(postAt(admin, index)).toHaveAccessibleName(title);
  await postAt(admin, index).getByRole('button', { name: 'Pin to top' }).click();
  await expect(postAt(admin, 0)).toHaveAccessibleName(title);
  await expect(postAt(admin, 0).getByText('Pinned', { exact: true })).toBeVisible();
}

test.describe('the post the club pins on top', () => {
  test.setTimeout(90_000);

  test("the administrator pins the third-newest post: a visitor's first painted card is it, marked 'Pinned', then the newest; pinning another reaches the open page at the next check", async ({
    page: visitor,
    otherPage: admin,
  }) => {
    const third = DEMO_POSTS[2].title;
    const fifth = DEMO_POSTS[4].title;
    await openFeed(admin);
    await signInAsAdmin(admin);
    await pin(admin, 2, third);

    await recordFirstHeadings(visitor);
    await visitor.clock.install();
    await openFeed(visitor);
    const first = postAt(visitor, 0);
    await expect(first).toHaveAccessibleName(third);
    await expect(first.getByText('Pinned', { exact: true })).toBeVisible();
    // Painted first, never after another card: the pin came with the first page.
    expect(await firstHeadings(visitor)).toEqual([third]);
    for (const [index, post] of [DEMO_POSTS[0], DEMO_POSTS[1], DEMO_POSTS[3]].entries()) {
      await expect(postAt(visitor, index + 1)).toHaveAccessibleName(post.title);
    }
    await expect(articles(visitor).filter({ hasText: 'Pinned' })).toHaveCount(1);

    // The fifth-newest is fifth still: the third-newest has moved above the newest.
    await pin(admin, 4, fifth);
    await fastForwardUntil(visitor, CHECK_EVERY_MS, (timeout) =>
      expect(postAt(visitor, 0)).toHaveAccessibleName(fifth, { timeout }),
    );
    await expect(postAt(visitor, 0).getByText('Pinned', { exact: true })).toBeVisible();
    // The post unpinned is back in its place among the newest.
    for (const [index, post] of DEMO_POSTS.slice(0, 4).entries()) {
      await expect(postAt(visitor, index + 1)).toHaveAccessibleName(post.title);
    }
    await expect(visitor.getByText('Pinned', { exact: true })).toHaveCount(1);

    await postAt(admin, 0).getByRole('button', { name: 'Unpin' }).click();
    await expect(postAt(admin, 0)).toHaveAccessibleName(DEMO_POSTS[0].title);
    await fastForwardUntil(visitor, CHECK_EVERY_MS, (timeout) =>
      expect(visitor.getByText('Pinned', { exact: true })).toHaveCount(0, { timeout }),
    );
    await expect(postAt(visitor, 0)).toHaveAccessibleName(DEMO_POSTS[0].title);
  });
});
