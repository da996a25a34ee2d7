import type { Request } from '@playwright/test';
import { DEMO_POSTS, expect, test } from './fixtures';
import {
  CHECK_EVERY_MS,
  FAN_EMAIL,
  PAGE_SIZE,
  articles,
  expectSignedInAs,
  fastForwardUntil,
  loadMoreButton,
  openFeed,
  postAt,
  publishElsewhere,
  signInAs,
  signInAsAdmin,
} from './support/app';
import { cachedUrls, waitForOfflineCopy } from './support/serviceWorker';
import { firstPageRequest } from '../src/shared/posts/postsQuery';

const NOTICE = 'Offline: showing saved posts';
const REASON = 'You are offline. This needs a connection.';
/**
 * The first page's runQuery body, as every sender builds it
 * (src/shared/posts/postsQuery.ts).
 */
const FIRST_PAGE_BODY = firstPageRequest('').body;

/** Whether a request reads the first page (a Load More page or a live check has another body). */
function readsFirstPage(request: Request): boolean {
  return request.method() === 'POST' && request.postData() === FIRST_PAGE_BODY;
}

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a fan reads the saved posts offline, types a comment and sends it once back online', async ({
    page,
    context,
  }) => {
    await openFeed(page);
    await signInAs(page, FAN_EMAIL);
    await waitForOfflineCopy(page);

    await context.setOffline(true);
    await page.reload();
    await expect(articles(page)).toHaveCount(PAGE_SIZE);
    await expect(postAt(page, 0)).toHaveAccessibleName(DEMO_POSTS[0].title);
    await expect(page.getByRole('status').filter({ hasText: NOTICE })).toBeVisible();
    await expectSignedInAs(page, FAN_EMAIL);

    // What needs the network is disabled and says why; text fields stay editable.
    await expect(loadMoreButton(page)).toBeDisabled();
    await expect(loadMoreButton(page)).toHaveAccessibleDescription(REASON);
    const post = postAt(page, 1);
    const send = post.getByRole('button', { name: 'Post', exact: true });
    await expect(send).toBeDisabled();
    await expect(send).toHaveAccessibleDescription(`${DEMO_POSTS[1].title} ${REASON}`);
    const logout = page.getByRole('button', { name: 'Logout' });
    await expect(logout).toBeDisabled();
    await expect(logout).toHaveAccessibleDescription(REASON);
    const input = post.getByRole('textbox', { name: 'Add a comment...' });
    const text = 'Typed in a tunnel, sent at the next station.';
    await input.fill(text);
    await input.press('Enter');
    await expect(input).toHaveValue(text);

    await context.setOffline(false);
    await expect(page.getByText(NOTICE)).toHaveCount(0);
    await expect(input).toHaveValue(text);
    await expect(send).toBeEnabled();
    await expect(send).toHaveAccessibleDescription(DEMO_POSTS[1].title);
    await expect(loadMoreButton(page)).toBeEnabled();
    await expect(logout).toBeEnabled();
    await send.click();
    await expect(post.getByRole('listitem').filter({ hasText: text })).toContainText(FAN_EMAIL);
    await expect(input).toHaveValue('');

    // Nothing of the signed-in session was kept: no Auth answer, no write, no other query.
    const kept = Object.values(await cachedUrls(page)).flat();
    expect(kept.filter((url) => /identitytoolkit|securetoken|:commit|:runQuery/.test(url))).toEqual(
      [],
    );
  });

  test('sign-in is disabled offline and the notice goes when the network returns', async ({
    page,
    context,
  }) => {
    await openFeed(page);
    await waitForOfflineCopy(page);
    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: NOTICE })).toBeVisible();
    const signIn = page.getByRole('button', { name: 'Sign in with Google' });
    await expect(signIn).toBeDisabled();
    await expect(signIn).toHaveAccessibleDescription(REASON);

    await context.setOffline(false);
    await expect(page.getByText(NOTICE)).toHaveCount(0);
    await expect(signIn).toBeEnabled();
    // The next page comes without a reload.
    await loadMoreButton(page).click();
    await expect(articles(page)).toHaveCount(2 * PAGE_SIZE);
  });

  test('pictures already seen show offline', async ({ page, context }) => {
    await openFeed(page);
    await waitForOfflineCopy(page);
    // Controlled from the start now: the first screen's pictures go through the worker.
    await page.reload();
    const picture = postAt(page, 0).getByRole('img');
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expect
      .poll(async () => (await cachedUrls(page))['post-pictures'] ?? [])
      .toContain(await picture.evaluate((image: HTMLImageElement) => image.currentSrc));

    await context.setOffline(true);
    await page.reload();
    await expect(articles(page)).toHaveCount(PAGE_SIZE);
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  });

  test('the post the club pinned stays on top offline, marked Pinned', async ({
    page,
    context,
    otherPage: admin,
  }) => {
    const third = DEMO_POSTS[2].title;
    await openFeed(admin);
    await signInAsAdmin(admin);
    await expect(postAt(admin, 2)).toHaveAccessibleName(third);
    await postAt(admin, 2).getByRole('button', { name: 'Pin to top' }).click();
    await expect(postAt(admin, 0)).toHaveAccessibleName(third);

    // The first visit reads past the worker, which keeps the answers it is handed.
    await openFeed(page);
    await expect(postAt(page, 0)).toHaveAccessibleName(third);
    await waitForOfflineCopy(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: NOTICE })).toBeVisible();
    await expect(postAt(page, 0)).toHaveAccessibleName(third);
    await expect(postAt(page, 0).getByText('Pinned', { exact: true })).toBeVisible();
    // Then the newest, without the pinned post in its own place.
    for (const [index, post] of [DEMO_POSTS[0], DEMO_POSTS[1], DEMO_POSTS[3]].entries()) {
      await expect(postAt(page, index + 1)).toHaveAccessibleName(post.title);
    }
  });

  test("a new visitor's first page is read once: the worker keeps the page's own answer", async ({
    page,
    context,
  }) => {
    const reads: string[] = [];
    context.on('request', (request) => {
      if (readsFirstPage(request)) reads.push(request.serviceWorker() ? 'worker' : 'page');
    });
    await openFeed(page);
    await waitForOfflineCopy(page);
    expect(reads).toEqual(['page']);

    // What the worker keeps is that answer: the feed opens from it with no network.
    await context.setOffline(true);
    await page.reload();
    await expect(articles(page)).toHaveCount(PAGE_SIZE);
    await expect(postAt(page, 0)).toHaveAccessibleName(DEMO_POSTS[0].title);
  });

  test('a connection that hangs shows the saved first page after 3 s; the page catches up when it answers', async ({
    page,
    context,
  }) => {
    await openFeed(page);
    await waitForOfflineCopy(page);
    const news = 'Saved copy overtaken: a signing while the network hung';
    await publishElsewhere(news);

    // The network holds the first page until the test lets it go.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = 0;
    await context.route(/:runQuery/, async (route) => {
      if (readsFirstPage(route.request())) {
        holding += 1;
        await held;
      }
      await route.fallback();
    });
    // The page's own clock, so the live check's 30 s pass at once; the worker's 3 s are real.
    await page.clock.install();
    await page.reload();
    await expect(articles(page)).toHaveCount(PAGE_SIZE, { timeout: 15_000 });
    await expect(postAt(page, 0)).toHaveAccessibleName(DEMO_POSTS[0].title);
    expect(holding).toBe(1);

    // The late answer replaces the saved one (the next load shows it) ...
    release();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const kept = await (await caches.open('first-page')).match('/sw-cache/first-page');
          return (await kept?.text()) ?? '';
        }),
      )
      .toContain(news);
    // ... and the open page learns of it from its live check, as of any news since its copy.
    await fastForwardUntil(page, CHECK_EVERY_MS, (timeout) =>
      expect(page.getByRole('button', { name: '1 new post' })).toBeVisible({ timeout }),
    );
  });
});
