import type { BrowserContext, Locator, Page } from '@playwright/test';
import { dealIdFor } from '../src/features/deals/data/deal';
import { expect, test } from './fixtures';
import {
  CHECK_EVERY_MS,
  articles,
  openFeed,
  openPostForm,
  signInAsAdmin,
  useTheme,
} from './support/app';
import { describeFindings, scanPage } from './support/axe';
import { dealLink, dealLinkText, dealLinks, dealsStrip } from './support/deals';

/**
 * Following a deal, so a fan hears of a move without watching the feed: a visitor follows one, the
 * administrator moves it on in another browser, and the visitor is told in the page and by a system
 * notification, also from a background tab, once however many tabs of the site are open;
 * unfollowed, nothing; follows survive a reload; with no follows a hidden tab reads nothing. The
 * pages run on Playwright's clock.
 */

/** An open seeded deal (scripts/seed/demoDeals.ts: Elias Lindqvist, at 'Talks'). */
const DEAL = 'Elias Lindqvist';
const DEAL_ID = dealIdFor(DEAL);
/** A followed deal's move is told within 2.5 minutes, also when hidden: news while it is news. */
const TOLD_WITHIN_MS = 150_000;
/**
 * How often the hidden tab checks (src/features/deals/state/hiddenChecks.ts, which needs the app's
 * build to load).
 */
const HIDDEN_CHECK_EVERY_MS = 90_000;

/**
 * Controls a page's visibility (a headless page is always visible) and records the system
 * notifications it shows, through the service worker or `new Notification`, as { title, deal }.
 * As a string: tsx would wrap the arrow functions of a function in helpers the page lacks.
 */
const INIT = `
  let hidden = false;
  Object.defineProperty(Document.prototype, 'visibilityState', {
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  Object.defineProperty(Document.prototype, 'hidden', { get: () => hidden });
  window.__setHidden = (next) => {
    hidden = next;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  window.__notifications = [];
  if (window.ServiceWorkerRegistration) {
    const show = ServiceWorkerRegistration.prototype.showNotification;
    ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
      window.__notifications.push({ title, deal: options && options.data && options.data.deal });
      return show.call(this, title, options);
    };
  }
  if (window.Notification) {
    const Original = window.Notification;
    window.Notification = class extends Original {
      constructor(title, options) {
        super(title, options);
        window.__notifications.push({ title, deal: options && options.data && options.data.deal });
      }
    };
  }
`;

interface Shown {
  title: string;
  deal: string | undefined;
}

async function prepare(context: BrowserContext): Promise<void> {
  await context.grantPermissions(['notifications']);
  await context.addInitScript(INIT);
}

function notifications(page: Page): Promise<Shown[]> {
  // As: the init script above fills it with exactly this shape.
  return page.evaluate(() => Reflect.get(window, '__notifications') as Shown[]);
}

async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate(`window.__setHidden(${hidden})`);
}

/** Counts the Firestore reads a page requests (REST runQuery, batchGet, GET of a document). */
function firestoreRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/\/v1\/projects\/[^/]+\/databases\//.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/** The feed, and the strip's deals (read once after the first page: part of the first load). */
async function openFeedAndStrip(page: Page): Promise<void> {
  await openFeed(page);
  await expect(dealLink(dealsStrip(page), DEAL)).toBeVisible();
}

function followButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Follow', exact: true });
}

function followingFilter(page: Page): Locator {
  return dealsStrip(page).getByRole('button', { name: 'Following', exact: true });
}

function notice(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: `${DEAL}:` });
}

async function openDeal(page: Page): Promise<void> {
  await dealLink(dealsStrip(page), DEAL).click();
  await expect(page.getByRole('heading', { level: 2, name: DEAL, exact: true })).toBeVisible();
}

/** The administrator, in another browser, posts in the deal with a new status. */
async function moveDeal(admin: Page, status: 'Done deal' | 'Medical' = 'Done deal'): Promise<void> {
  if (!(await admin.getByRole('button', { name: 'Logout' }).isVisible())) {
    await openFeed(admin);
    await signInAsAdmin(admin);
  }
  const form = await openPostForm(admin);
  const title = `${DEAL}: ${status}`;
  await form.getByRole('textbox', { name: 'Post title' }).fill(title);
  await form.getByRole('textbox', { name: 'Post content' }).fill('Done.');
  await form.getByRole('combobox', { name: 'Deal', exact: true }).fill(DEAL);
  await form.getByRole('combobox', { name: 'Deal status' }).selectOption({ label: status });
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(articles(admin).first()).toHaveAccessibleName(title);
}

test.describe('following a deal', () => {
  test.setTimeout(90_000);
  test.use({ serviceWorkers: 'allow' });

  test('a hidden tab is told by one system notification when a followed deal is done; a second tab adds nothing; clicking it opens the deal', async ({
    page,
    context,
    otherPage: admin,
  }) => {
    await prepare(context);
    await page.clock.install();
    await openFeed(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await openDeal(page);
    await followButton(page).click();
    await expect(followButton(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(followButton(page)).toHaveAccessibleDescription(/alerted when this deal moves/);
    await page.getByRole('link', { name: 'All posts' }).click();
    await expect(page).not.toHaveURL(/deal=/);

    // A second tab of the site, then both in the background (the fan switched to another site).
    // Playwright's clock is the context's: both tabs' time moves together.
    const second = await context.newPage();
    await openFeedAndStrip(second);
    await setHidden(second, true);
    await setHidden(page, true);
    const secondReads = firestoreRequests(second);

    await moveDeal(admin);
    await page.clock.fastForward(TOLD_WITHIN_MS);
    await expect
      .poll(() => notifications(page))
      .toEqual([{ title: `${DEAL}: Done deal`, deal: DEAL_ID }]);
    await expect(notice(page)).toHaveText(`${DEAL}: Done deal`);
    await expect(notice(second)).toHaveText(`${DEAL}: Done deal`);

    // Exactly once, however long the tabs stay hidden; the second tab read and showed nothing.
    await page.clock.fastForward(2 * HIDDEN_CHECK_EVERY_MS);
    expect(await notifications(page)).toHaveLength(1);
    expect(await notifications(second)).toEqual([]);
    expect(secondReads).toEqual([]);

    // A click on the notification (dispatched in the service worker, as the system would): a tab
    // of the site (the browser's most recently focused) shows the deal's feed.
    const [worker] = context.serviceWorkers();
    const shownTitles = await worker.evaluate(async () => {
      /** The service worker's global, as far as this click needs it. */
      interface WorkerScope {
        registration: { getNotifications(): Promise<{ title: string }[]> };
        NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
        dispatchEvent(event: Event): boolean;
      }
      // As: this runs in the service worker, whose global e2e's DOM types do not describe.
      const sw = self as unknown as WorkerScope;
      const shown = await sw.registration.getNotifications();
      sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: shown[0] }));
      return shown.map((notification) => notification.title);
    });
    expect(shownTitles).toEqual([`${DEAL}: Done deal`]);
    const dealAddress = new RegExp(`[?&]deal=${DEAL_ID}$`);
    await expect
      .poll(() => [page.url(), second.url()].filter((url) => dealAddress.test(url)))
      .toHaveLength(1);
    const opened = dealAddress.test(page.url()) ? page : second;
    await expect(opened.getByRole('heading', { level: 2, name: DEAL, exact: true })).toBeVisible();
  });

  test('follows survive a reload, the Following filter lists exactly them, a move is told in the page, and unfollowed nothing is', async ({
    page,
    otherPage: admin,
  }) => {
    await page.addInitScript(INIT);
    await page.clock.install();
    const strip = dealsStrip(page);
    await openFeedAndStrip(page);
    await followingFilter(page).click();
    await expect(strip.getByText('No followed deals: open a deal and press Follow.')).toBeVisible();

    await strip.getByRole('button', { name: 'All deals', exact: true }).click();

    // Two follows; the browser refuses notifications (never granted): the line says so.
    await dealLink(strip, 'Lucas Ferrand').click();
    await followButton(page).click();
    await expect(followButton(page)).toHaveAttribute('aria-pressed', 'true');
    await openDeal(page);
    await followButton(page).click();
    await expect(followButton(page)).toHaveAccessibleDescription(
      'Notifications are blocked: you will be told on this page only, while it is open.',
    );
    await page.reload();
    await expect(followButton(page)).toHaveAttribute('aria-pressed', 'true');
    await followingFilter(page).click();
    await expect(dealLinks(strip)).toHaveCount(2);
    await expect(dealLink(strip, DEAL)).toBeVisible();
    await expect(dealLink(strip, 'Lucas Ferrand')).toBeVisible();

    // Unfollowed, a deal leaves the filter at once.
    await dealLink(strip, 'Lucas Ferrand').click();
    await followButton(page).click();
    await expect(followButton(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(dealLinks(strip)).toHaveCount(1);
    await expect(dealLink(strip, DEAL)).toBeVisible();

    // The visible page's own live check tells the move: a notice, focus and scroll left alone.
    await openDeal(page);
    const focused = await page.evaluate(() => document.activeElement?.outerHTML);
    const scrollY = await page.evaluate(() => window.scrollY);
    await moveDeal(admin);
    await page.clock.fastForward(CHECK_EVERY_MS);
    await expect(notice(page)).toHaveText(`${DEAL}: Done deal`);
    await expect(notice(page).getByRole('link', { name: `${DEAL}: Done deal` })).toHaveAttribute(
      'href',
      `/?deal=${DEAL_ID}`,
    );
    expect(await page.evaluate(() => document.activeElement?.outerHTML)).toBe(focused);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
    expect(await notifications(page)).toEqual([]);
    for (const theme of ['dark', 'light'] as const) {
      await useTheme(page, theme);
      const findings = await scanPage(page);
      expect(findings, `follow and its notice, ${theme}: ${describeFindings(findings)}`).toEqual(
        [],
      );
    }

    // Unfollowed: the next move is told neither visible nor hidden.
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await followButton(page).click();
    await expect(followButton(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(strip.getByText('No followed deals: open a deal and press Follow.')).toBeVisible();
    await strip.getByRole('button', { name: 'All deals', exact: true }).click();
    await moveDeal(admin, 'Medical');
    await page.clock.fastForward(CHECK_EVERY_MS);
    await expect(dealLink(strip, DEAL)).toHaveText(dealLinkText(DEAL, 'Medical'));
    await setHidden(page, true);
    await page.clock.fastForward(TOLD_WITHIN_MS);
    await setHidden(page, false);
    await page.clock.fastForward(CHECK_EVERY_MS);
    await expect(page.getByRole('status').filter({ hasText: DEAL })).toHaveCount(0);
  });

  test('with no follows, a hidden tab makes no Firestore request for 10 minutes', async ({
    page,
  }) => {
    await page.addInitScript(INIT);
    await page.clock.install();
    await openFeedAndStrip(page);
    await setHidden(page, true);
    const requests = firestoreRequests(page);
    await page.clock.runFor(10 * 60_000);
    const whileHidden = [...requests];
    // Shown again, it checks at once: the counter does see the page's requests.
    await setHidden(page, false);
    await expect.poll(() => requests.length).toBeGreaterThan(0);
    expect(whileHidden).toEqual([]);
  });
});
