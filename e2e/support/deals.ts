import { expect, type Locator, type Page } from '@playwright/test';
import { demoDeals } from '../../scripts/seed/demoDeals';
import type { DemoPost } from '../../scripts/seed/demoPosts';
import type { Deal } from '../../src/features/deals/data/deal';
import type { DealStatus } from '../../src/shared/posts/dealStatus';
import { articles, escapeRegExp } from './app';

/**
 * The seeded deals as the seed writes them (scripts/seed/demoDeals.ts), most recently changed
 * first, as the strip lists them.
 */
export function seededDeals(posts: readonly DemoPost[]): Deal[] {
  // Only the deals' `post` field depends on the ids, and no journey reads it.
  const deals = demoDeals(
    posts,
    posts.map((_, index) => `demo-${index}`),
  );
  return deals.sort((a, b) => b.changed - a.changed);
}

/** The strip above the feed. */
export function dealsStrip(page: Page): Locator {
  return page.getByRole('region', { name: 'Deals', exact: true });
}

/** Every deal the strip lists, in its order. */
export function dealLinks(strip: Locator): Locator {
  return strip.getByRole('listitem').getByRole('link');
}

/** The strip's link to a deal: 'Mateo Arlanza · Medical · 2 hours ago'. */
export function dealLink(strip: Locator, name: string): Locator {
  return strip.getByRole('link', { name: new RegExp(`^${escapeRegExp(name)} · `) });
}

/** What the strip's link says of a deal, up to when it changed (which moves with the clock). */
export function dealLinkText(name: string, status: string): RegExp {
  return new RegExp(`^${escapeRegExp(name)} · ${escapeRegExp(status)} · \\S`);
}

export function filterButton(strip: Locator, name: 'All deals' | 'Open deals' | 'Done deals') {
  return strip.getByRole('button', { name, exact: true });
}

export function statusHistory(page: Page): Locator {
  return page.getByRole('list', { name: 'Status history', exact: true }).getByRole('listitem');
}

/** A deal's feed is shown: its name as the heading, and exactly these posts, newest first. */
export async function expectDealFeed(page: Page, name: string, titles: string[]): Promise<void> {
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  await expect(articles(page)).toHaveCount(titles.length);
  for (const [index, title] of titles.entries()) {
    await expect(articles(page).nth(index)).toHaveAccessibleName(title);
  }
}

/** The statuses a deal's 'Status history' lists, oldest first, each with its date after it. */
export async function expectHistory(page: Page, statuses: readonly DealStatus[]): Promise<void> {
  await expect(statusHistory(page)).toHaveText(
    statuses.map((status) => new RegExp(`^${escapeRegExp(status)} \\S`)),
  );
}

/** The machine-readable dates of the 'Status history' shown, oldest first. */
export function historyDates(page: Page): Promise<(string | null)[]> {
  return statusHistory(page)
    .locator('time')
    .evaluateAll((times) => times.map((time) => time.getAttribute('datetime')));
}

export function windowScrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}
