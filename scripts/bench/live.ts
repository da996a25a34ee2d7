/**
 * `npm run bench:live`: the Firestore reads one open tab of the production build makes to stay
 * live, counted as Firestore bills them (a query: one read per document returned, at least one; a
 * batchGet: one per document asked for), in 10 minutes of the page's time, against the local
 * emulators. Scenarios: nothing changing; a post and 20 comments added meanwhile; a hidden tab;
 * a hidden tab following a deal, and five such tabs of one browser (what following costs a fan who
 * leaves the site open);
 * a tab shown and hidden every 2 seconds (the checks' least gap is what bounds it); the
 * administrator's moderation view open with nothing changing; and a deal's own feed open, the deals
 * strip above it, with nothing changing; and deadline day (live/deadlineDay.ts, on the feed of
 * scripts/seed/deadlineDay.ts: a visitor's first load on both feeds, a quiet tab, and a burst of
 * comments on the pinned live blog's 10,000, watched with the thread closed and open). Aggregations
 * (a long thread's count) are billed a read each. The page's
 * clock is Playwright's, so 10 minutes pass in seconds; the emulator's clock is real. Prints
 * `name: value unit` lines; exits 1 if a budget is missed.
 */
import type { Browser } from '@playwright/test';
import { BENCH_BUILD_DIR, buildBundle } from '../lib/appBuild';
import { requireChromium } from '../lib/chromium';
import { commentElsewhere, publishElsewhere } from '../lib/writesElsewhere';
import { readAdminEmail } from '../lib/adminEmail';
import { RULES_PATH, startStack, type Stack } from '../lib/stack';
import { BENCH_PORTS, PROJECT_ID, firestoreUrl } from '../lib/testPorts';
import { demoUid } from '../seed/demoPosts';
import { STEP, stripDealLinks, type CountedPage } from './live/countedPage';
import { deadlineDay } from './live/deadlineDay';
import { measureFirstLoad, type FirstLoad } from './live/firstLoad';
import { HOUR, MINUTE, SPAN, VISIBLE_BUDGET, checkBudgets, scenario } from './live/scenario';
import { signInAs } from './accountChooser';
import { withBrowser } from './web/browser';
import { report } from './web/report';

/**
 * The most reads a hidden browser (any number of tabs) following deals may make with nothing
 * changing: following must stay cheap for a fan who leaves tabs open.
 */
const HIDDEN_FOLLOWING_BUDGET = 40;
/** The emulator the benches' other devices write to. */
const BENCH_TARGET = { firestoreUrl: firestoreUrl(BENCH_PORTS), projectId: PROJECT_ID };
const DEADLINE_DAY_SIGNING = { title: 'Deadline-day signing', content: 'Signed and sealed.' };

async function main(): Promise<number> {
  const started = Date.now();
  report('build', await buildBundle(BENCH_BUILD_DIR, BENCH_PORTS));
  const browser = requireChromium();
  let stack: Stack | undefined;
  try {
    const now = Math.floor(Date.now() / HOUR) * HOUR;
    stack = await startStack(BENCH_PORTS, BENCH_BUILD_DIR, now);
    const url = `${stack.url}/`;
    const executablePath = browser.kind === 'path' ? browser.executablePath : undefined;
    await withBrowser(executablePath, async (chromium) => {
      const demoFirstLoad = await demoScenarios(chromium, url);
      // Last: it writes the deadline-day feed over the demo's.
      await deadlineDay(chromium, url, now, demoFirstLoad);
    });
  } finally {
    await stack?.stop();
  }
  report('bench-seconds', Math.round((Date.now() - started) / 1000), 's');
  return checkBudgets();
}

/** The scenarios on the demo feed; what a visitor's first load of it read. */
async function demoScenarios(chromium: Browser, url: string): Promise<FirstLoad> {
  const visible = { limit: VISIBLE_BUDGET };
  let firstLoad: FirstLoad | undefined;
  await scenario(chromium, url, 'idle', passTheSpan, {
    ...visible,
    async prepare(tab) {
      firstLoad = await measureFirstLoad(tab);
    },
  });
  if (!firstLoad) throw new Error('The demo feed’s first load was not measured');
  await scenario(chromium, url, 'post-and-20-comments', async (tab) => {
    let id: string | null = null;
    // The post at 1 minute, then a comment every 25 s: all within the 10 minutes.
    await tab.pass(SPAN, async (elapsed) => {
      if (elapsed === MINUTE) id = (await publishElsewhere(BENCH_TARGET, DEADLINE_DAY_SIGNING)).id;
      const index = (elapsed - MINUTE - 30_000) / 25_000;
      if (id !== null && Number.isInteger(index) && index >= 0 && index < 20) {
        await comment(id, index);
      }
    });
  });
  await scenario(chromium, url, 'hidden', hiddenForTheSpan, { limit: 0 });
  // A followed deal, every tab hidden (notifications must still come): one tab checks the deals'
  // change stamps every
  // 90 s (src/features/deals/state/followChecks.ts), one read each with nothing changing.
  const following = { prepare: followFirstDeal, limit: HIDDEN_FOLLOWING_BUDGET };
  await scenario(chromium, url, 'hidden-with-follows', hiddenForTheSpan, following);
  // Five tabs of the site, all hidden, a deal followed: they share one checker (a Web Lock).
  await scenario(chromium, url, 'five-hidden-tabs-with-follows', hiddenForTheSpan, {
    ...following,
    tabs: 5,
  });
  // The administrator's moderation view open: it rides on the feed's own check (a read for
  // new comments only when a post changed), so an idle hour costs what the feed's does.
  await scenario(chromium, url, 'moderation-view-idle', passTheSpan, {
    ...visible,
    prepare: openModeration,
  });
  // A deal's own feed open, the strip above it: both ride on the feed's check (a
  // deal is read again only when a changed post moves it on), so an idle hour costs the same.
  await scenario(chromium, url, 'deal-feed-idle', passTheSpan, { ...visible, prepare: openDeal });
  await scenario(
    chromium,
    url,
    'shown-and-hidden-every-2s',
    async (tab) => {
      await tab.pass(SPAN, async (elapsed) => {
        if (elapsed % 2_000 === 0) await tab.setHidden((elapsed / 2_000) % 2 === 1);
      });
    },
    visible,
  );
  return firstLoad;
}

/** A visible tab left alone for the span. */
async function passTheSpan(tab: CountedPage): Promise<void> {
  await tab.pass(SPAN);
}

/** A tab hidden at once and left so for the whole span. */
async function hiddenForTheSpan(tab: CountedPage): Promise<void> {
  await tab.setHidden(true);
  await tab.pass(SPAN);
}

/**
 * Signs in as the administrator through the emulator build's account chooser, then opens
 * Moderation.
 */
async function openModeration(tab: CountedPage): Promise<void> {
  const { page } = tab;
  await signInAs(page, readAdminEmail(RULES_PATH));
  await page.getByRole('button', { name: 'Moderation' }).click();
  await page.getByRole('region', { name: 'Moderation' }).getByRole('listitem').first().waitFor();
  await tab.pass(STEP);
}

/**
 * Opens the strip's most recently changed deal, presses Follow (no notification permission asked
 * of a headless browser: it refuses), and goes back to the full feed.
 */
async function followFirstDeal(tab: CountedPage): Promise<void> {
  await openDeal(tab);
  const { page } = tab;
  const follow = page.getByRole('button', { name: 'Follow', exact: true });
  await follow.click();
  await page.locator('button[aria-pressed="true"]', { hasText: 'Follow' }).waitFor();
  await page.getByRole('link', { name: 'All posts' }).click();
  await page.getByRole('feed').first().waitFor();
  await tab.pass(STEP);
}

/** Presses the strip's most recently changed deal and waits for that deal's feed. */
async function openDeal(tab: CountedPage): Promise<void> {
  const { page } = tab;
  const deal = stripDealLinks(page).first();
  const name = (await deal.locator('.deals__name').textContent()) ?? '';
  await deal.click();
  await page.getByRole('feed', { name }).getByRole('article').first().waitFor();
  await tab.pass(STEP);
}

/** Fan `index`'s comment, as the app commits it from the fan's own device. */
async function comment(id: string, index: number) {
  const user = `fan${index}@example.com`;
  const text = { user, text: `Comment ${index}`, date: '23/11/2026' };
  await commentElsewhere(BENCH_TARGET, id, demoUid(user), text);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
