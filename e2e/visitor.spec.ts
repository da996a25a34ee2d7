import type { Page, Route } from '@playwright/test';
import { DEMO_POSTS, expect, test } from './fixtures';
import {
  PAGE_SIZE,
  postAt,
  articles,
  feed,
  loadMoreButton,
  openFeed,
  searchBox,
  themeToggle,
  toggleTheme,
} from './support/app';

test.describe('a visitor', () => {
  test('reads the newest 35 posts, then pages of 35 until Load More disappears', async ({
    page,
  }) => {
    await openFeed(page);
    await expect(articles(page).first()).toHaveAccessibleName(DEMO_POSTS[0].title);
    await expect(articles(page).last()).toHaveAccessibleName(DEMO_POSTS[PAGE_SIZE - 1].title);
    await expect(page.getByText('Loading more...')).toBeHidden();
    await expect(feed(page)).not.toHaveAttribute('aria-busy', 'true');

    // Hold the next page's query until the loading state has been seen, then let it through.
    const held = await holdNextQuery(page);
    await loadMoreButton(page).click();
    await held.caught;
    await expect(page.getByText('Loading more...')).toBeVisible();
    await expect(feed(page)).toHaveAttribute('aria-busy', 'true');
    held.release();
    await expect(articles(page)).toHaveCount(2 * PAGE_SIZE);
    await expect(page.getByText('Loading more...')).toBeHidden();
    await expect(feed(page)).not.toHaveAttribute('aria-busy', 'true');
    await expect(articles(page).nth(PAGE_SIZE)).toHaveAccessibleName(DEMO_POSTS[PAGE_SIZE].title);

    await loadMoreButton(page).click();
    await expect(articles(page)).toHaveCount(DEMO_POSTS.length);
    await expect(articles(page).last()).toHaveAccessibleName(DEMO_POSTS.at(-1)?.title ?? '');
    await expect(loadMoreButton(page)).toHaveCount(0);
  });

  test('jumps to the bottom and finds Load More where it stays: the cards above it do not push it away', async ({
    page,
  }) => {
    await openFeed(page);
    await expect(feed(page)).not.toHaveAttribute('aria-busy', 'true');
    // The first page's last cards were never on screen, and neither are the next page's.
    expect(await loadMoreMoveAfterJump(page)).toBe(0);
    await loadMoreButton(page).click();
    await expect(articles(page)).toHaveCount(2 * PAGE_SIZE);
    await expect(feed(page)).not.toHaveAttribute('aria-busy', 'true');
    expect(await loadMoreMoveAfterJump(page)).toBe(0);
  });

  test('searches the loaded posts, case-insensitively, and clears the search', async ({ page }) => {
    await openFeed(page);
    const search = searchBox(page);
    await expect(search).toHaveAttribute('placeholder', 'Search posts...');

    // A player named in two of the first page's demo posts (the 9th and the 33rd newest) and in
    // later ones not yet loaded, typed in a different case than he is written.
    await search.fill('qUIROGA');
    await expect(articles(page)).toHaveCount(2);
    await expect(postAt(page, 0)).toHaveAccessibleName(
      'Northbridge agree £19m fee for Tomás Quiroga',
    );
    await expect(postAt(page, 1)).toHaveAccessibleName(
      'Northbridge agree £52m fee for Tomás Quiroga',
    );

    await search.fill('no such transfer anywhere');
    await expect(articles(page)).toHaveCount(0);
    await expect(page.getByText('No posts match')).toBeVisible();

    await search.fill('');
    await expect(articles(page)).toHaveCount(PAGE_SIZE);
  });

  test("opens 'Read more' in a new tab", async ({ page, blockedRequests }) => {
    await openFeed(page);
    const index = DEMO_POSTS.slice(0, PAGE_SIZE).findIndex((candidate) => candidate.link !== '');
    if (index < 0) throw new Error('The demo data has no post with a link on the first page');
    const post = DEMO_POSTS[index];
    await expect(postAt(page, index)).toHaveAccessibleName(post.title);
    const link = postAt(page, index).getByRole('link', { name: /Read more/ });
    await expect(link).toHaveAttribute('href', post.link);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);

    const popup = page.waitForEvent('popup');
    await link.click();
    await popup;
    // The new tab went for the article; the test's network guard kept it on this machine.
    await expect.poll(() => blockedRequests).toContain(post.link);
    expect(page.url()).not.toContain('example.com');
  });

  test('switches between dark (the default) and light, remembered after reload', async ({
    page,
  }) => {
    await openFeed(page);
    const root = page.locator('html');
    await expect(root).toHaveAttribute('data-theme', 'dark');
    await expect(themeToggle(page)).toBeVisible();
    const darkBackground = await backgroundColor(page);

    await toggleTheme(page);
    await expect(root).toHaveAttribute('data-theme', 'light');
    const lightBackground = await backgroundColor(page);
    expect(lightBackground).not.toBe(darkBackground);

    // Record the theme in the very first frame after reload: it must already be light (no flash).
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        const root = document.documentElement;
        root.dataset.e2eFirstFrameTheme = root.getAttribute('data-theme') ?? 'none';
        root.dataset.e2eFirstFrameBackground = getComputedStyle(
          document.body ?? root,
        ).backgroundColor;
      });
    });
    await page.reload();
    await expect(articles(page)).toHaveCount(PAGE_SIZE);
    await expect(root).toHaveAttribute('data-e2e-first-frame-theme', 'light');
    await expect(root).toHaveAttribute('data-e2e-first-frame-background', lightBackground);
    await expect(root).toHaveAttribute('data-theme', 'light');

    await toggleTheme(page);
    await page.reload();
    await expect(root).toHaveAttribute('data-e2e-first-frame-theme', 'dark');
    await expect(page.locator('body')).toHaveCSS('background-color', darkBackground);
  });
});

/**
 * Jumps to the bottom of the page at once (as End or the scroll bar's end does) and returns how far
 * Load More then moved on the screen, in whole pixels, over the next few frames: a card above it
 * laid out only once it comes on screen, at a height other than the one it stood in with, moves it
 * from under a pointer about to press it.
 */
function loadMoreMoveAfterJump(page: Page): Promise<number> {
  return loadMoreButton(page).evaluate(
    (button) =>
      new Promise<number>((resolve) => {
        const scroller = document.scrollingElement ?? document.documentElement;
        scroller.scrollTop = scroller.scrollHeight;
        const reached = button.getBoundingClientRect().top;
        const frames = (left: number) =>
          requestAnimationFrame(() => {
            if (left > 0) return frames(left - 1);
            resolve(Math.round(Math.abs(button.getBoundingClientRect().top - reached)));
          });
        frames(4);
      }),
  );
}

function backgroundColor(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

/**
 * Holds the feed's next query for posts until release(); `caught` resolves when it arrives. Later
 * queries pass. The route stays registered: unrouting (also `times: 1` running out) lets a held
 * request go.
 */
async function holdNextQuery(page: Page): Promise<{ caught: Promise<void>; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let caught = () => {};
  const caughtPromise = new Promise<void>((resolve) => (caught = resolve));
  let holding = false;
  await page.route(
    (url) => url.pathname.endsWith(':runQuery'),
    async (route: Route) => {
      // The feed's next page only: the deals strip asks for its deals with a runQuery of its own,
      // once the first screen is painted, which may be after this route is set.
      const readsPosts = route.request().postData()?.includes('"collectionId":"posts"') ?? false;
      if (holding || route.request().method() !== 'POST' || !readsPosts) return route.fallback();
      holding = true;
      caught();
      await released;
      return route.fallback();
    },
  );
  return { caught: caughtPromise, release };
}
