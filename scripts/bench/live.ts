/**
 * `npm run bench:live`: the Firestore reads one open tab of the production build makes to stay
 * live, counted as Firestore bills them (a query: one read per document returned, at least one; a
 * batchGet: one per document asked for), in 10 minutes of the page's time, against the local
 * emulators. Scenarios: nothing changing; a post and 20 comments added meanwhile; a hidden tab;
 * a hidden tab following a deal, and five such tabs of one browser (issue 31);
 * a tab shown and hidden every 2 seconds (the checks' least gap is what bounds it); the
 * administrator's moderation view open with nothing changing; and a deal's own feed open, the deals
 * strip above it, with nothing changing. The page's
 * clock is Playwright's, so 10 minutes pass in seconds; the emulator's clock is real. Prints
 * `name: value unit` lines; exits 1 if a budget is missed.
 */
import type { Browser, Page, Request } from '@playwright/test';
import { BENCH_BUILD_DIR, buildBundle } from '../lib/appBuild';
import { requireChromium } from '../lib/chromium';
import { commitPostWrite, ownerClient, toFields, toValue } from '../lib/ownerClient';
import { readAdminEmail } from '../lib/adminEmail';
import { RULES_PATH, startStack, type Stack } from '../lib/stack';
import { BENCH_PORTS, PROJECT_ID, firestoreUrl } from '../lib/testPorts';
import { withBrowser } from './web/browser';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SPAN = 10 * MINUTE;
/** The page's time advances in steps this long; the real time between them lets reads finish. */
const STEP = 1_000;
/** The issue's budget for a visible tab with nothing changing. */
const VISIBLE_BUDGET = 300;
/** Issue 31's budget for a hidden browser (any number of tabs) following deals, nothing changing. */
const HIDDEN_FOLLOWING_BUDGET = 40;

interface Budget {
  name: string;
  value: number;
  limit: number;
}

const budgets: Budget[] = [];

function report(name: string, value: number | string, unit = ''): void {
  console.log(`${name}: ${value}${unit ? ` ${unit}` : ''}`);
}

/** Reads Firestore would bill for one answered request of the page, or 0 for other requests. */
async function billedReads(request: Request): Promise<number> {
  const method = /\/documents:(runQuery|batchGet)(\?|$)/.exec(request.url())?.[1];
  if (!method) return 0;
  const response = await request.response();
  const json: unknown = await response?.json().catch(() => null);
  if (!Array.isArray(json)) return 0;
  if (method === 'batchGet') return json.length;
  const documents = json.filter(
    (entry: unknown) => typeof entry === 'object' && entry !== null && 'document' in entry,
  );
  return Math.max(1, documents.length);
}

/** An open page whose Firestore reads are counted; `hidden` switches its visibility. */
interface CountedPage {
  page: Page;
  reads(): number;
  setHidden(hidden: boolean): Promise<void>;
  /** Lets `ms` of the page's time pass, a step at a time, calling `each` at every step's time. */
  pass(ms: number, each?: (elapsed: number) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/**
 * `tabs` pages of the site in one browser (one context: they share localStorage, Web Locks and
 * BroadcastChannel, as a fan's tabs do), their Firestore reads counted together; `page` is the
 * first. Their clock is Playwright's, one for the context.
 */
async function openCounted(browser: Browser, url: string, tabs = 1): Promise<CountedPage> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  // The page's visibility, under the bench's control (a headless page is always visible).
  // As a string: tsx would wrap the arrow functions of a function in helpers the page lacks.
  await context.addInitScript(`
    let hidden = false;
    Object.defineProperty(Document.prototype, 'visibilityState', {
      get: () => (hidden ? 'hidden' : 'visible'),
    });
    window.__setHidden = (next) => {
      hidden = next;
      document.dispatchEvent(new Event('visibilitychange'));
    };
  `);
  let reads = 0;
  const pending = new Set<Promise<void>>();
  let inFlight = 0;
  const settle = async (page: Page) => {
    for (let i = 0; i < 200 && inFlight > 0; i += 1) await page.waitForTimeout(10);
    await Promise.all(pending);
  };
  // One clock for the browser's pages (Playwright's clock is the context's).
  await context.clock.install();
  const pages: Page[] = [];
  for (let index = 0; index < tabs; index += 1) {
    const page = await context.newPage();
    page.on('request', () => (inFlight += 1));
    page.on('requestfailed', () => (inFlight -= 1));
    page.on('requestfinished', (request) => {
      const counted = billedReads(request).then((billed) => {
        reads += billed;
      });
      pending.add(counted);
      void counted.finally(() => {
        pending.delete(counted);
        inFlight -= 1;
      });
    });
    await page.goto(url);
    await page.getByRole('article').first().waitFor();
    // The deals strip reads its deals once, after the first page: part of the first load.
    await page.getByRole('region', { name: 'Deals' }).getByRole('link').first().waitFor();
    await settle(page);
    pages.push(page);
  }
  const [first] = pages;
  return {
    page: first,
    reads: () => reads,
    async setHidden(hidden) {
      for (const page of pages) await page.evaluate(`window.__setHidden(${hidden})`);
      await settle(first);
    },
    async pass(ms, each) {
      for (let elapsed = STEP; elapsed <= ms; elapsed += STEP) {
        await context.clock.runFor(STEP);
        await first.waitForTimeout(5);
        await settle(first);
        await each?.(elapsed);
      }
    },
    close: () => context.close(),
  };
}

async function main(): Promise<number> {
  const started = Date.now();
  report('build', await buildBundle(BENCH_BUILD_DIR, BENCH_PORTS));
  const browser = requireChromium();
  let stack: Stack | undefined;
  try {
    stack = await startStack(BENCH_PORTS, BENCH_BUILD_DIR, Math.floor(Date.now() / HOUR) * HOUR);
    const url = `${stack.url}/`;
    const executablePath = browser.kind === 'path' ? browser.executablePath : undefined;
    await withBrowser(executablePath, async (chromium) => {
      await scenario(chromium, url, 'idle', async (tab) => {
        await tab.pass(SPAN);
      });
      await scenario(chromium, url, 'post-and-20-comments', async (tab) => {
        const owner = ownerClient(firestoreUrl(BENCH_PORTS), PROJECT_ID);
        const id = `bench-live-${Date.now()}`;
        // The post at 1 minute, then a comment every 25 s: all within the 10 minutes.
        await tab.pass(SPAN, async (elapsed) => {
          if (elapsed === MINUTE) await publish(owner, id);
          const index = (elapsed - MINUTE - 30_000) / 25_000;
          if (Number.isInteger(index) && index >= 0 && index < 20) await comment(owner, id, index);
        });
      });
      await scenario(chromium, url, 'hidden', hiddenForTheSpan);
      // Issue 31: a followed deal, every tab hidden: one tab checks the deals' change stamps every
      // 90 s (src/hooks/followChecks.ts), one read each with nothing changing.
      await scenario(chromium, url, 'hidden-with-follows', hiddenForTheSpan, followFirstDeal);
      // Five tabs of the site, all hidden, a deal followed: they share one checker (a Web Lock).
      await scenario(
        chromium,
        url,
        'five-hidden-tabs-with-follows',
        hiddenForTheSpan,
        followFirstDeal,
        5,
      );
      // The administrator's moderation view open: it rides on the feed's own check (a read for
      // new comments only when a post changed), so an idle hour costs what the feed's does.
      await scenario(
        chromium,
        url,
        'moderation-view-idle',
        async (tab) => {
          await tab.pass(SPAN);
        },
        openModeration,
      );
      // A deal's own feed open (issue 23), the strip above it: both ride on the feed's check (a
      // deal is read again only when a changed post moves it on), so an idle hour costs the same.
      await scenario(
        chromium,
        url,
        'deal-feed-idle',
        async (tab) => {
          await tab.pass(SPAN);
        },
        openDeal,
      );
      await scenario(chromium, url, 'shown-and-hidden-every-2s', async (tab) => {
        await tab.pass(SPAN, async (elapsed) => {
          if (elapsed % 2_000 === 0) await tab.setHidden((elapsed / 2_000) % 2 === 1);
        });
      });
    });
  } finally {
    await stack?.stop();
  }
  report('bench-seconds', Math.round((Date.now() - started) / 1000), 's');
  const missed = budgets.filter((entry) => entry.value > entry.limit);
  for (const entry of budgets) {
    report(
      `budget ${entry.name}`,
      `${entry.value} (≤ ${entry.limit})`,
      entry.value > entry.limit ? 'MISSED' : 'ok',
    );
  }
  console.log(
    missed.length === 0 ? `budgets: all ${budgets.length} met` : `budgets: ${missed.length} missed`,
  );
  return missed.length === 0 ? 0 : 1;
}

/**
 * One fresh tab: its first load's reads (with what `prepare` does, such as signing in), then the
 * reads of `run` (10 minutes), as per hour.
 */
/** A tab hidden at once and left so for the whole span. */
async function hiddenForTheSpan(tab: CountedPage): Promise<void> {
  await tab.setHidden(true);
  await tab.pass(SPAN);
}

async function scenario(
  browser: Browser,
  url: string,
  name: string,
  run: (tab: CountedPage) => Promise<void>,
  prepare?: (tab: CountedPage) => Promise<void>,
  tabs = 1,
): Promise<void> {
  const tab = await openCounted(browser, url, tabs);
  try {
    await prepare?.(tab);
    const firstLoad = tab.reads();
    await run(tab);
    const live = tab.reads() - firstLoad;
    const perHour = live * (HOUR / SPAN);
    report(`live-${name}-first-load-reads`, firstLoad, 'reads (once)');
    report(`live-${name}-reads-in-10-min`, live, 'reads');
    report(`live-${name}-reads-per-hour`, perHour, 'reads/h');
    if (name === 'hidden') budgets.push({ name: `${name} reads/h`, value: perHour, limit: 0 });
    else if (name.includes('hidden-with-follows') || name.includes('hidden-tabs-with-follows')) {
      budgets.push({ name: `${name} reads/h`, value: perHour, limit: HIDDEN_FOLLOWING_BUDGET });
    } else if (name !== 'post-and-20-comments') {
      budgets.push({ name: `${name} reads/h`, value: perHour, limit: VISIBLE_BUDGET });
    }
  } finally {
    await tab.close();
  }
}

/** Signs in as the administrator through the emulator build's account chooser, then opens Moderation. */
async function openModeration(tab: CountedPage): Promise<void> {
  const { page } = tab;
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page
    .getByRole('dialog', { name: 'Choose an account' })
    // A substring match: the choice also names the role.
    .getByRole('button', { name: readAdminEmail(RULES_PATH) })
    .click();
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
  const deal = page.getByRole('region', { name: 'Deals' }).getByRole('link').first();
  const name = (await deal.locator('.deals__name').textContent()) ?? '';
  await deal.click();
  await page.getByRole('feed', { name }).getByRole('article').first().waitFor();
  await tab.pass(STEP);
}

async function publish(owner: ReturnType<typeof ownerClient>, id: string): Promise<void> {
  await commitPostWrite(owner, id, {
    update: {
      name: owner.name(`posts/${id}`),
      fields: toFields({
        title: 'Deadline-day signing',
        content: 'Signed and sealed.',
        imageUrl: '',
        link: '',
        comments: [],
        created: Date.now(),
      }),
    },
  });
}

async function comment(owner: ReturnType<typeof ownerClient>, id: string, index: number) {
  const text = { user: `fan${index}@example.com`, text: `Comment ${index}`, date: '23/11/2026' };
  await commitPostWrite(owner, id, {
    update: { name: owner.name(`posts/${id}`), fields: {} },
    updateMask: { fieldPaths: [] },
    updateTransforms: [
      { fieldPath: 'comments', appendMissingElements: { values: [toValue(text)] } },
    ],
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
