import type { Locator, Page } from '@playwright/test';
import { dealIdFor } from '../src/features/deals/data/deal';
import type { DealStatus } from '../src/shared/posts/dealStatus';
import { dealStatusText } from '../src/features/deals/data/dealWords';
import { DEMO_POSTS, expect, test } from './fixtures';
import {
  CHECK_EVERY_MS,
  PAGE_SIZE,
  articles,
  fastForwardUntil,
  loadMoreButton,
  openFeed,
  openPostForm,
  postAt,
  signInAsAdmin,
  useTheme,
} from './support/app';
import { describeFindings, scanPage } from './support/axe';
import {
  dealLink,
  dealLinkText,
  dealLinks,
  dealsStrip,
  expectDealFeed,
  expectHistory,
  filterButton,
  historyDates,
  seededDeals,
  windowScrollY,
} from './support/deals';

/**
 * Deals in the browser: the administrator starts one and moves it on, another
 * browser's strip shows it, a deal's own feed at /?deal=<id> with its status history, Back to the
 * full feed where it was, the strip's filters, the strip on a phone, and axe on what is new.
 */

/** The seeded deals, most recently changed first. */
const DEALS = seededDeals(DEMO_POSTS);
const THEMES: ('dark' | 'light')[] = ['dark', 'light'];
/** Who looks: the administrator's page has more above the strip (the 'Write a post' toggle). */
const SIGN_IN: Record<string, (page: Page) => Promise<void>> = {
  'signed out': async () => {},
  'as the administrator': signInAsAdmin,
};

/** The titles of a seeded deal's posts, newest first. */
function seededTitles(id: string): string[] {
  return DEMO_POSTS.filter((post) => post.deal === id).map((post) => post.title);
}

function seededDeal(status: DealStatus) {
  const deal = DEALS.find((candidate) => candidate.status === status);
  if (!deal) throw new Error(`The seed has no deal at '${status}'`);
  return deal;
}

async function normalTitle(page: Page): Promise<string> {
  await openFeed(page);
  return page.title();
}

interface PostInDeal {
  title: string;
  deal: string;
  status: DealStatus;
}

/** Writes a post in a deal with the administrator's form, and waits for it at the top. */
async function postInDeal(page: Page, form: Locator, post: PostInDeal): Promise<void> {
  await form.getByRole('textbox', { name: 'Post title' }).fill(post.title);
  await form.getByRole('textbox', { name: 'Post content' }).fill(`${post.deal}: ${post.status}.`);
  await form.getByRole('combobox', { name: 'Deal', exact: true }).fill(post.deal);
  await form.getByRole('combobox', { name: 'Deal status' }).selectOption({ label: post.status });
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(articles(page).first()).toHaveAccessibleName(post.title);
}

test.describe('a deal across browsers', () => {
  test('the administrator starts a deal and moves it on; another browser’s strip shows the move, and pressing it shows its two posts and its history', async ({
    page,
    otherPage: admin,
  }) => {
    // The reader's page on Playwright's clock, moved past its next live check (as
    // e2e/live.spec.ts).
    await page.clock.install();
    const plainTitle = await normalTitle(page);
    const strip = dealsStrip(page);
    await expect(dealLinks(strip)).toHaveCount(DEALS.length);

    const name = 'Tomás Okafor';
    const first: PostInDeal = {
      title: `Northbridge linked with ${name}`,
      deal: name,
      status: 'Rumour',
    };
    const second: PostInDeal = {
      title: `Northbridge in talks over ${name}`,
      deal: name,
      status: 'Talks',
    };
    await openFeed(admin);
    await signInAsAdmin(admin);
    const form = await openPostForm(admin);
    // A name no deal has yet: a new deal.
    await postInDeal(admin, form, first);

    await fastForwardUntil(page, CHECK_EVERY_MS, (timeout) =>
      expect(dealLinks(strip).first()).toHaveText(dealLinkText(name, 'Rumour'), { timeout }),
    );
    await expect(dealLinks(strip)).toHaveCount(DEALS.length + 1);

    // The same name again: the same deal, moved on.
    await postInDeal(admin, form, second);
    await page.clock.fastForward(CHECK_EVERY_MS);
    await expect(dealLinks(strip).first()).toHaveText(dealLinkText(name, 'Talks'));
    await expect(dealLinks(strip)).toHaveCount(DEALS.length + 1);

    await dealLink(strip, name).click();
    await expectDealFeed(page, name, [second.title, first.title]);
    await expectHistory(page, ['Rumour', 'Talks']);
    await expect(page).toHaveTitle(`${name} – ${plainTitle}`);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(new URL(page.url()).search).toBe(`?deal=${dealIdFor(name)}`);
    await expect(dealLink(strip, name)).toHaveAttribute('aria-current', 'page');
  });

  test('Back from a deal’s feed returns to the full feed where it was', async ({ page }) => {
    const plainTitle = await normalTitle(page);
    // The feed as a reader leaves it: a second page loaded, then back up to the strip.
    await loadMoreButton(page).click();
    await expect(articles(page)).toHaveCount(2 * PAGE_SIZE);
    const deal = DEALS[0];
    const link = dealLink(dealsStrip(page), deal.name);
    await expect(link).toBeVisible();
    // Down the page as far as the strip's deal still shows: its link at the window's top edge.
    await link.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 4));
    const feedY = await windowScrollY(page);
    expect(feedY).toBeGreaterThan(100);
    await link.click();
    await expectDealFeed(page, deal.name, seededTitles(deal.id));

    // Reading the deal's posts to the end moves the window well away from where the feed was.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => windowScrollY(page)).toBeGreaterThan(feedY + 500);

    await page.goBack();
    await expect(articles(page)).toHaveCount(2 * PAGE_SIZE);
    await expect(postAt(page, 0)).toHaveAccessibleName(DEMO_POSTS[0].title);
    await expect
      .poll(async () => Math.abs((await windowScrollY(page)) - feedY))
      .toBeLessThanOrEqual(2);
    expect(new URL(page.url()).search).toBe('');
    await expect(page).toHaveTitle(plainTitle);
    await expect(page.getByRole('list', { name: 'Status history' })).toHaveCount(0);
  });

  test('a /?deal=<id> link opens the deal’s feed; an unknown id says so above the full feed', async ({
    page,
  }) => {
    const plainTitle = await normalTitle(page);
    // Its posts are on all three pages of the full feed, the oldest without a status.
    const deal = seededDeal('Collapsed');
    await page.goto(`/?deal=${deal.id}`);
    await expectDealFeed(page, deal.name, seededTitles(deal.id));
    await expectHistory(
      page,
      deal.history.map((step) => step.status),
    );
    // Each with the date its post set it.
    expect(await historyDates(page)).toEqual(
      deal.history.map((step) => new Date(step.at).toISOString()),
    );
    await expect(page).toHaveTitle(`${deal.name} – ${plainTitle}`);
    await expect(dealLink(dealsStrip(page), deal.name)).toHaveAttribute('aria-current', 'page');

    await page.goto('/?deal=no-such-deal');
    const notice = page.getByText('This deal is not in the feed', { exact: true });
    await expect(notice).toBeVisible();
    await expect(articles(page)).toHaveCount(PAGE_SIZE);
    await expect(postAt(page, 0)).toHaveAccessibleName(DEMO_POSTS[0].title);
    await expect(postAt(page, 0)).toBeInViewport();
    const noticeBox = await notice.boundingBox();
    const firstBox = await postAt(page, 0).boundingBox();
    expect(noticeBox?.y ?? Infinity).toBeLessThan(firstBox?.y ?? -Infinity);
    await expect(page).toHaveTitle(plainTitle);
    await expect(page.getByRole('list', { name: 'Status history' })).toHaveCount(0);
  });

  test("the strip's filters list exactly the done deals and exactly the open ones", async ({
    page,
  }) => {
    const done = DEALS.filter((deal) => deal.status === 'Done deal');
    const open = DEALS.filter((deal) => deal.open);
    // The seed's promise, so every state of a deal can be seen: four done (the window's ins and
    // outs), one collapsed, the rest open.
    expect(done).toHaveLength(4);
    expect(DEALS.filter((deal) => deal.status === 'Collapsed')).toHaveLength(1);
    expect(open).toHaveLength(DEALS.length - 5);
    const listed = (deals: typeof DEALS) =>
      deals.map((deal) => dealLinkText(deal.name, dealStatusText(deal.status)));

    await openFeed(page);
    const strip = dealsStrip(page);
    await expect(filterButton(strip, 'All deals')).toHaveAttribute('aria-pressed', 'true');
    await expect(dealLinks(strip)).toHaveText(listed(DEALS));

    await filterButton(strip, 'Done deals').click();
    await expect(filterButton(strip, 'Done deals')).toHaveAttribute('aria-pressed', 'true');
    await expect(filterButton(strip, 'All deals')).toHaveAttribute('aria-pressed', 'false');
    await expect(dealLinks(strip)).toHaveText(listed(done));

    await filterButton(strip, 'Open deals').click();
    await expect(filterButton(strip, 'Open deals')).toHaveAttribute('aria-pressed', 'true');
    await expect(filterButton(strip, 'Done deals')).toHaveAttribute('aria-pressed', 'false');
    await expect(dealLinks(strip)).toHaveText(listed(open));
  });

  for (const [who, signIn] of Object.entries(SIGN_IN)) {
    test(`on a phone, the strip leaves the first post's heading on the first screen, ${who}`, async ({
      page,
      viewport,
    }) => {
      test.skip((viewport?.width ?? 0) > 480, 'phone-sized journeys');
      await openFeed(page);
      await signIn(page);
      await expect(dealLinks(dealsStrip(page))).toHaveCount(DEALS.length);
      await page.evaluate(() => window.scrollTo(0, 0));
      const heading = await postAt(page, 0).getByRole('heading').first().boundingBox();
      expect(heading, 'the heading is laid out').not.toBeNull();
      expect(heading?.y ?? -1).toBeGreaterThanOrEqual(0);
      expect((heading?.y ?? Infinity) + (heading?.height ?? 0)).toBeLessThanOrEqual(
        viewport?.height ?? 0,
      );
    });
  }

  test('axe finds nothing serious in the strip and in a deal’s feed, in dark and in light', async ({
    page,
  }) => {
    const deal = seededDeal('Done deal');
    await page.goto(`/?deal=${deal.id}`);
    await expectDealFeed(page, deal.name, seededTitles(deal.id));
    await expect(dealLinks(dealsStrip(page))).toHaveCount(DEALS.length);
    await expectHistory(
      page,
      deal.history.map((step) => step.status),
    );
    for (const theme of THEMES) {
      await useTheme(page, theme);
      const findings = await scanPage(page);
      expect(findings, `a deal's feed, ${theme}: ${describeFindings(findings)}`).toEqual([]);
    }

    // The full feed with the strip filtered, and the notice for an unknown deal.
    await page.goto('/?deal=no-such-deal');
    await expect(page.getByText('This deal is not in the feed', { exact: true })).toBeVisible();
    const strip = dealsStrip(page);
    await filterButton(strip, 'Done deals').click();
    await expect(dealLinks(strip)).toHaveCount(
      DEALS.filter((candidate) => candidate.status === 'Done deal').length,
    );
    for (const theme of THEMES) {
      await useTheme(page, theme);
      const findings = await scanPage(page);
      expect(findings, `the strip, ${theme}: ${describeFindings(findings)}`).toEqual([]);
    }
  });
});
