import type { Page } from '@playwright/test';
import { DEMO_POSTS, expect, test } from './fixtures';
import {
  PAGE_SIZE,
  articles,
  loadMoreButton,
  openFeed,
  openPermalink,
  postAt,
  storedPostIds,
} from './support/app';
import { firstHeadings, recordFirstHeadings } from './support/firstHeadings';

/** A post on the third page (posts 71–84 of the 84 demo posts). */
const THIRD_PAGE_POST = 75;

async function normalTitle(page: Page): Promise<string> {
  await page.goto('/');
  return page.title();
}

test.describe('permalinks', () => {
  test('a permalink to a post on the third page opens it first, highlighted; the newest come after it; Load More still works', async ({
    page,
  }) => {
    const plainTitle = await normalTitle(page);
    const ids = await storedPostIds();
    const shared = DEMO_POSTS[THIRD_PAGE_POST];
    // Read by id (a GET of the one document), not by paging to it.
    const read = page.waitForRequest(
      (request) =>
        request.method() === 'GET' &&
        request.url().includes(`/documents/posts/${encodeURIComponent(ids[THIRD_PAGE_POST])}`),
    );
    await openPermalink(page, ids[THIRD_PAGE_POST]);
    await read;
    // Its picture is the page's largest paint, so it is preloaded at high priority; the newest
    // post's is not. (index.html also preloads the header's small logo, at the default priority.)
    const preloaded = await page
      .locator('link[rel="preload"][as="image"][fetchpriority="high"]')
      .evaluateAll((links) =>
        links.map((link) => new URL(link.getAttribute('href') ?? '', location.href).pathname),
      );
    expect(shared.imageUrl).not.toBe('');
    expect(DEMO_POSTS[0].imageUrl).not.toBe(shared.imageUrl);
    expect(preloaded).toEqual([shared.imageUrl]);

    const card = postAt(page, 0);
    await expect(card).toHaveAccessibleName(shared.title);
    await expect(card.getByText('Shared post', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`${shared.title} – ${plainTitle}`);
    // Highlighted by more than colour: a thicker border, and the label above.
    await expect(card).toHaveCSS('border-top-width', '3px');
    await expect(postAt(page, 1)).toHaveCSS('border-top-width', '1px');
    for (let index = 1; index <= 3; index++) {
      await expect(postAt(page, index)).toHaveAccessibleName(DEMO_POSTS[index - 1].title);
    }

    await loadMoreButton(page).click();
    await expect(articles(page)).toHaveCount(2 * PAGE_SIZE + 1);
    await loadMoreButton(page).click();
    // Every post once: the shared one stays at the top and is not listed again on its own page.
    await expect(articles(page)).toHaveCount(DEMO_POSTS.length);
    await expect(loadMoreButton(page)).toHaveCount(0);
    await expect(card).toHaveAccessibleName(shared.title);
    await expect(articles(page).last()).toHaveAccessibleName(DEMO_POSTS.at(-1)?.title ?? '');
    const shownIds = await articles(page).evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('data-post-id')),
    );
    expect(shownIds).toEqual([
      ids[THIRD_PAGE_POST],
      ...ids.filter((_, index) => index !== THIRD_PAGE_POST),
    ]);
  });

  test('the first card ever painted on a permalink is the shared post, and stays first (3 loads)', async ({
    page,
  }) => {
    const ids = await storedPostIds();
    const shared = DEMO_POSTS[THIRD_PAGE_POST];
    expect(shared.title).not.toBe(DEMO_POSTS[0].title);
    await recordFirstHeadings(page);
    for (let load = 0; load < 3; load++) {
      await openPermalink(page, ids[THIRD_PAGE_POST]);
      await expect(postAt(page, 0)).toHaveAccessibleName(shared.title);
      expect(await firstHeadings(page)).toEqual([shared.title]);
    }
  });

  test('an unknown id: the notice is painted with the newest posts, above them', async ({
    page,
  }) => {
    // Every state of the page that could be painted: whether the notice was there when the first
    // card first was.
    await page.addInitScript(() => {
      const seen: boolean[] = [];
      Reflect.set(window, '__noticeWithFirstCard', seen);
      new MutationObserver(() => {
        if (seen.length > 0 || !document.querySelector('[role="feed"] article')) return;
        seen.push(document.body.textContent?.includes('This post is no longer available') ?? false);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/?post=no-such-post');
    await expect(postAt(page, 0)).toHaveAccessibleName(DEMO_POSTS[0].title);
    await expect(page.getByText('This post is no longer available')).toBeVisible();
    expect(await page.evaluate(() => Reflect.get(window, '__noticeWithFirstCard'))).toEqual([true]);
  });

  test("an unknown id says 'This post is no longer available' above the normal feed", async ({
    page,
  }) => {
    const plainTitle = await normalTitle(page);
    await page.goto('/?post=no-such-post');
    await expect(page.getByText('This post is no longer available')).toBeVisible();
    await expect(articles(page)).toHaveCount(PAGE_SIZE);
    await expect(postAt(page, 0)).toHaveAccessibleName(DEMO_POSTS[0].title);
    await expect(page.getByText('Shared post', { exact: true })).toHaveCount(0);
    await expect(page).toHaveTitle(plainTitle);
  });

  test("Share without the Web Share API copies the link, says 'Link copied', and the link opens the post", async ({
    page,
    context,
    baseURL,
  }) => {
    // Headless Chromium may or may not have navigator.share: take it away, so the fallback runs.
    await page.addInitScript(() => {
      Reflect.deleteProperty(Navigator.prototype, 'share');
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openFeed(page);
    const ids = await storedPostIds();
    const card = postAt(page, 2);
    const share = card.getByRole('button', { name: 'Share' });
    await expect(share).toHaveAccessibleDescription(DEMO_POSTS[2].title);
    await share.click();
    await expect(card.getByRole('button', { name: 'Link copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(new URL(`/?post=${encodeURIComponent(ids[2])}`, baseURL).href);
    // A few seconds later it says 'Share' again.
    await expect(card.getByRole('button', { name: 'Share' })).toBeVisible({ timeout: 8000 });

    await page.goto(copied);
    await expect(postAt(page, 0).getByText('Shared post', { exact: true })).toBeVisible();
    await expect(postAt(page, 0)).toHaveAccessibleName(DEMO_POSTS[2].title);
    await expect(articles(page)).toHaveCount(PAGE_SIZE);
  });
});
