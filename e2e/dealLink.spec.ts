import type { Locator, Page } from '@playwright/test';
import { DEMO_POSTS, expect, test } from './fixtures';
import {
  PAGE_SIZE,
  articles,
  feed,
  loadMoreButton,
  openFeed,
  postAt,
  useTheme,
} from './support/app';
import { describeFindings, scanPage } from './support/axe';
import { dealsStrip, dealLinks, expectDealFeed, seededDeals, windowScrollY } from './support/deals';

/**
 * From a post to its deal's story: a card of a deal names it beside its status badge, a
 * link to the deal's feed; Back returns to the card where it was on screen.
 */

const DEALS = seededDeals(DEMO_POSTS);
/** How far the card may be from where it was after Back (40 px: still where the eye left it). */
const SAME_PLACE_PX = 40;
const THEMES: ('dark' | 'light')[] = ['dark', 'light'];

/** A card's link to its deal: its name on screen, where it goes in its accessible name. */
function cardDealLink(card: Locator, name: string): Locator {
  return card.getByRole('link', { name: `${name}: all posts on this deal`, exact: true });
}

/** Any card's link to a deal. */
function anyCardDealLink(scope: Locator): Locator {
  return scope.getByRole('link', { name: /: all posts on this deal$/ });
}

/** The first seeded post at or after `from` (its feed position) that names a deal, and its deal. */
function postInDeal(from: number) {
  const index = DEMO_POSTS.findIndex((post, at) => at >= from && post.deal !== undefined);
  const deal = DEALS.find((candidate) => candidate.id === DEMO_POSTS[index]?.deal);
  if (!deal) throw new Error(`The seed has no post in a deal from position ${from}`);
  return { index, post: DEMO_POSTS[index], deal };
}

function titlesOf(dealId: string): string[] {
  return DEMO_POSTS.filter((post) => post.deal === dealId).map((post) => post.title);
}

async function cardTop(card: Locator): Promise<number> {
  const box = await card.boundingBox();
  if (!box) throw new Error('The card is not laid out');
  return box.y;
}

interface ShiftWatch {
  /** performance.now() when the first card's deal link was added; -1 before. */
  linksAt: number;
  shifts: { at: number; value: number }[];
  observer: PerformanceObserver;
}

declare global {
  interface Window {
    /** Set by watchShifts before the page's own scripts run. */
    dealLinkShifts?: ShiftWatch;
  }
}

/**
 * From the page's start: when the first card's deal link is added, and every layout shift not
 * caused by input (what CLS adds up), as Chromium reports them. Shifts before the links come
 * (a busy machine's first page settling) are not theirs.
 */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const observer = new PerformanceObserver((list) => add(list.getEntries()));
    const watch: ShiftWatch = { linksAt: -1, shifts: [], observer };
    const add = (entries: PerformanceEntryList) => {
      for (const entry of entries) {
        const value: unknown = Reflect.get(entry, 'value');
        if (Reflect.get(entry, 'hadRecentInput') !== true && typeof value === 'number') {
          watch.shifts.push({ at: entry.startTime, value });
        }
      }
    };
    window.dealLinkShifts = watch;
    observer.observe({ type: 'layout-shift', buffered: true });
    new MutationObserver((_, mutations) => {
      if (!document.querySelector('article a[href*="?deal="]')) return;
      watch.linksAt = performance.now();
      mutations.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

/**
 * How much the page shifted since the cards' deal links came: two frames on, any shift of the
 * frame that showed them has been recorded.
 */
function shiftSinceLinks(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const watch = window.dealLinkShifts;
            if (!watch || watch.linksAt < 0) return reject(new Error('No deal link was added'));
            for (const entry of watch.observer.takeRecords()) {
              const value: unknown = Reflect.get(entry, 'value');
              if (Reflect.get(entry, 'hadRecentInput') !== true && typeof value === 'number') {
                watch.shifts.push({ at: entry.startTime, value });
              }
            }
            const since = watch.shifts.filter((shift) => shift.at >= watch.linksAt);
            resolve(since.reduce((sum, shift) => sum + shift.value, 0));
          }),
        );
      }),
  );
}

test.describe('from a post to its deal', () => {
  test('a post on the second page opens its deal’s feed; Back finds it where it was on screen', async ({
    page,
  }) => {
    const { index, post, deal } = postInDeal(PAGE_SIZE);
    await openFeed(page);
    await loadMoreButton(page).click();
    await expect(articles(page)).toHaveCount(2 * PAGE_SIZE);
    const card = postAt(page, index);
    await expect(card).toHaveAccessibleName(post.title);
    const link = cardDealLink(card, deal.name);
    await expect(link).toHaveText(deal.name);
    // As a reader scrolling by finds it: the card in the middle of the screen, deep in the feed.
    await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const top = await cardTop(card);
    const feedY = await windowScrollY(page);
    expect(feedY).toBeGreaterThan(1000);

    await link.click();
    const titles = titlesOf(deal.id);
    await expectDealFeed(page, deal.name, titles);
    await expect(articles(page).nth(titles.indexOf(post.title))).toHaveAccessibleName(post.title);
    expect(new URL(page.url()).search).toBe(`?deal=${deal.id}`);
    // The heading names the deal: its own cards do not link to it again.
    await expect(anyCardDealLink(feed(page))).toHaveCount(0);
    await expect.poll(() => windowScrollY(page)).toBeLessThan(feedY - 500);

    await page.goBack();
    await expect(articles(page)).toHaveCount(2 * PAGE_SIZE);
    await expect(card).toHaveAccessibleName(post.title);
    await expect
      .poll(async () => Math.abs((await cardTop(card)) - top))
      .toBeLessThanOrEqual(SAME_PLACE_PX);
    await expect(cardDealLink(card, deal.name)).toBeInViewport();
  });

  test('a post without a deal has no link; the links come without moving anything', async ({
    page,
  }) => {
    const { index, deal } = postInDeal(0);
    const plain = DEMO_POSTS.findIndex((post) => post.deal === undefined);
    await watchShifts(page);
    await openFeed(page);
    // The first screen as loaded: the strip's chunk brings the links after the first paint.
    await expect(cardDealLink(postAt(page, index), deal.name)).toBeVisible();
    await expect(dealLinks(dealsStrip(page))).toHaveCount(DEALS.length);
    await expect(postAt(page, plain)).toHaveAccessibleName(DEMO_POSTS[plain].title);
    await expect(anyCardDealLink(postAt(page, plain))).toHaveCount(0);
    expect(await shiftSinceLinks(page)).toBe(0);
  });

  test('axe finds nothing serious in cards with their deal links, in dark and in light', async ({
    page,
  }) => {
    const { index, deal } = postInDeal(0);
    await openFeed(page);
    await expect(cardDealLink(postAt(page, index), deal.name)).toBeVisible();
    for (const theme of THEMES) {
      await useTheme(page, theme);
      const findings = await scanPage(page);
      expect(findings, `cards with deal links, ${theme}: ${describeFindings(findings)}`).toEqual(
        [],
      );
    }
  });
});
