import type { Page } from '@playwright/test';
import { buildDemoPosts, type DemoPost } from '../scripts/seed/demoPosts';
import { resetFeed } from '../scripts/lib/stack';
import { E2E_PORTS } from '../scripts/lib/testPorts';
import { SEED_NOW, expect, test } from './fixtures';
import {
  FAN_EMAIL,
  PAGE_SIZE,
  article,
  articles,
  feed,
  loadMoreButton,
  openFeed,
  searchBox,
  signInAs,
} from './support/app';

/**
 * More posts than the feed renders in full (105): past that, only the cards near the screen are
 * in the page. Each post has a title of its own, so any of them can be found by name.
 */
const LONG_FEED = 150;

function longFeedPosts(): DemoPost[] {
  const demo = buildDemoPosts(SEED_NOW);
  return Array.from({ length: LONG_FEED }, (_, index) => ({
    ...demo[index % demo.length],
    title: `Long feed story ${index + 1}`,
    created: SEED_NOW - (index + 1) * 3_600_000,
  }));
}

/** Load More until it is gone, each time waiting for the page's first new post. */
async function loadEveryPage(page: Page): Promise<void> {
  for (let loaded = PAGE_SIZE; loaded < LONG_FEED; loaded += PAGE_SIZE) {
    await loadMoreButton(page).click();
    // A page of 35 cards, rendered in short tasks, can take longer than 5 s on a loaded machine.
    await expect(article(page, `Long feed story ${loaded + 1}`)).toBeVisible({ timeout: 20_000 });
  }
  await expect(loadMoreButton(page)).toHaveCount(0);
  await expect(feed(page)).toHaveAttribute('aria-busy', 'false');
}

async function scrollTo(page: Page, where: 'top' | 'bottom'): Promise<void> {
  await page.evaluate((to) => {
    window.scrollTo(0, to === 'top' ? 0 : document.documentElement.scrollHeight);
  }, where);
}

test.describe('a long feed', () => {
  test.beforeEach(async () => {
    await resetFeed(E2E_PORTS, { now: SEED_NOW, posts: longFeedPosts() });
  });

  test('reads to the end and back; cards far from the screen are left out', async ({ page }) => {
    await openFeed(page);
    await loadEveryPage(page);
    await expect(articles(page).first()).toHaveAttribute('aria-setsize', String(LONG_FEED));
    await expect.poll(() => articles(page).count()).toBeLessThan(LONG_FEED);

    // Scroll positions settle as cards replace the gaps that stood in for them.
    await expect(async () => {
      await scrollTo(page, 'bottom');
      await expect(article(page, `Long feed story ${LONG_FEED}`)).toBeInViewport({ timeout: 500 });
    }).toPass();
    await expect(article(page, `Long feed story ${LONG_FEED}`)).toHaveAttribute(
      'aria-posinset',
      String(LONG_FEED),
    );
    await expect(article(page, 'Long feed story 1')).toHaveCount(0);

    await expect(async () => {
      await scrollTo(page, 'top');
      await expect(article(page, 'Long feed story 1')).toBeInViewport({ timeout: 500 });
    }).toPass();
    await expect(article(page, `Long feed story ${LONG_FEED}`)).toHaveCount(0);
  });

  test('a search finds an old post; clearing it brings back the top', async ({ page }) => {
    await openFeed(page);
    await loadEveryPage(page);
    await scrollTo(page, 'top');
    await searchBox(page).fill('Long feed story 120');
    await expect(page.getByText(`1 of ${LONG_FEED} loaded posts matches`)).toBeVisible();
    await expect(articles(page)).toHaveCount(1);
    await expect(article(page, 'Long feed story 120')).toBeInViewport();

    await searchBox(page).fill('');
    await expect(article(page, 'Long feed story 1')).toBeInViewport();
    await expect(article(page, 'Long feed story 120')).toHaveCount(0);
  });

  test('a comment being typed is still there after scrolling far away and back', async ({
    page,
  }) => {
    await openFeed(page);
    await signInAs(page, FAN_EMAIL);
    await loadEveryPage(page);
    await scrollTo(page, 'top');
    const first = article(page, 'Long feed story 1');
    const draft = 'Typed before reading on.';
    await first.getByRole('textbox', { name: 'Add a comment...' }).fill(draft);
    await searchBox(page).focus(); // the draft alone keeps the card now, not focus

    await expect(async () => {
      await scrollTo(page, 'bottom');
      await expect(article(page, `Long feed story ${LONG_FEED}`)).toBeInViewport({ timeout: 500 });
    }).toPass();
    await scrollTo(page, 'top');
    await expect(first.getByRole('textbox', { name: 'Add a comment...' })).toHaveValue(draft);
  });
});
