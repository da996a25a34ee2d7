import type { Page } from '@playwright/test';
import { DEMO_POSTS, expect, test } from './fixtures';
import { articles, fastForwardUntil, openFeed, postAt, signInAsAdmin } from './support/app';

/** How often an open page checks for changes (src/features/live/state/liveChecks.ts: 30 s). */
const CHECK_EVERY_MS = 30_000;

/**
 * Records, from before the page's first script, every title the feed's first card has had: the
 * observer runs after each DOM change and before the browser can paint it (as permalink.spec.ts).
 */
async function recordFirstHeadings(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Reflect.set(window, '__firstHeadings', seen);
    new MutationObserver(() => {
      const first = document.querySelector('[role="feed"] article');
      const id = first?.getAttribute('aria-labelledby');
      const title = id ? document.getElementById(id)?.textContent : null;
      if (title && title !== seen.at(-1)) seen.push(title);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

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
    expect(await visitor.evaluate(() => Reflect.get(window, '__firstHeadings'))).toEqual([third]);
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
