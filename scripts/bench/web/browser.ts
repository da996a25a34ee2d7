import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../lib/chromium';
import { EVENT_TIMING_THRESHOLD_MS, medianLatency, type Latency } from './stats';

/** Measurements in a Playwright-driven Chromium (the same one the e2e suite uses). */
export async function withBrowser<T>(
  executablePath: string | undefined,
  use: (browser: Browser) => Promise<T>,
): Promise<T> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    return await use(browser);
  } finally {
    await browser.close();
  }
}

export interface FirstLoadInBrowser {
  /** Bytes on the wire (headers included) of every script fetched before any interaction. */
  transferredJsBytes: number;
  scripts: { url: string; transferSize: number }[];
  /** When the first page's runQuery started, ms after navigation start. */
  queryStartMs: number;
  /** When the entry module (the React bundle) had arrived. */
  entryLoadedMs: number;
  /** When the first post appeared in the DOM. */
  firstPostMs: number;
  /** The script that called fetch for the first page: index.html itself or a bundle chunk. */
  queryInitiator: string;
  /** Whether the first page's query waited for a CORS preflight (one more round trip). */
  queryPreflight: boolean;
}

/** The phone size the first-load and DOM figures are measured at (the e2e suite's). */
const PHONE = { width: 390, height: 844 };

/** A cold visit: fresh profile, wait for the network to go quiet, read Resource Timing. */
export async function measureFirstLoad(
  browser: Browser,
  url: string,
  entryFile: string,
): Promise<FirstLoadInBrowser> {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('article, [role="article"]')) {
          performance.mark('e2e-first-post');
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let queryInitiator = 'unknown';
    let queryPreflight = false;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (!event.request.url.includes(':runQuery')) return;
      // The CORS preflight has its own initiator ('preflight') and may be reported after the
      // request it precedes; the only query of a first load is the first page's.
      if (event.initiator.type === 'preflight' || event.request.method === 'OPTIONS') {
        queryPreflight = true;
        return;
      }
      if (queryInitiator !== 'unknown') return;
      const frames = event.initiator.stack?.callFrames ?? [];
      queryInitiator = frames[0]?.url || event.initiator.url || event.initiator.type;
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => performance.getEntriesByName('e2e-first-post').length > 0);
    const timing = await page.evaluate((entry) => {
      const resources = performance
        .getEntriesByType('resource')
        .filter(
          (item): item is PerformanceResourceTiming => item instanceof PerformanceResourceTiming,
        );
      const query = resources.find((item) => item.name.includes(':runQuery'));
      const script = resources.find((item) => new URL(item.name).pathname === `/${entry}`);
      return {
        scripts: resources
          .filter((item) => new URL(item.name).pathname.endsWith('.js'))
          .map((item) => ({ url: item.name, transferSize: item.transferSize })),
        queryStartMs: query?.startTime ?? Number.NaN,
        entryLoadedMs: script?.responseEnd ?? Number.NaN,
        firstPostMs: performance.getEntriesByName('e2e-first-post')[0]?.startTime ?? Number.NaN,
      };
    }, entryFile);
    return {
      ...timing,
      transferredJsBytes: timing.scripts.reduce((sum, script) => sum + script.transferSize, 0),
      queryInitiator,
      queryPreflight,
    };
  } finally {
    await context.close();
  }
}

export interface KeystrokeFigures {
  /** The keys pressed in each round, in order: the query's letters, then a Backspace for each. */
  keys: string[];
  /** Every round's keystrokes, in the order of `keys`. */
  rounds: Latency[][];
  /** Each key's median over the rounds. */
  perKey: Latency[];
}

export interface SearchKeystrokes {
  /** The feed with every post loaded. */
  app: KeystrokeFigures;
  /** A bare page holding one <input>, typed into in the same run: the browser's own floor. */
  floor: KeystrokeFigures;
}

/** Times the whole typing-and-deleting is repeated. */
export const KEYSTROKE_ROUNDS = 5;
/** How long a keystroke gets to finish everything it causes, deferred rendering included. */
const SETTLE_MS = 400;
const VIEWPORT = { width: 1280, height: 800 };
/** Served by the bench itself (Playwright answers the request); nothing listens there. */
const FLOOR_URL = 'http://floor.bench.invalid/';
const FLOOR_PAGE =
  '<!doctype html><html lang="en"><title>Floor</title><label>Search <input type="search"></label></html>';

/**
 * Loads every page with Load More, then types `query` one key at a time and deletes it again,
 * `KEYSTROKE_ROUNDS` times, reading each key's Event Timing entries: the time from the key press
 * to the next paint after its handlers, as Interaction to Next Paint counts it. The same keys go to
 * a bare page with one <input>, round for round. `expectedCount(text)` says how many posts the feed
 * must list for a search text (checked after each key, so a broken search cannot pass).
 */
export async function measureSearchKeystrokes(
  browser: Browser,
  url: string,
  totalPosts: number,
  pageSize: number,
  query: string,
  expectedCount: (text: string) => number,
): Promise<SearchKeystrokes> {
  const appContext = await browser.newContext({ viewport: VIEWPORT });
  const floorContext = await browser.newContext({ viewport: VIEWPORT });
  try {
    const app = await openObserved(appContext, url);
    await loadEveryPost(app, totalPosts, pageSize);
    const appSearch = app
      .getByRole('searchbox', { name: /search/i })
      .or(app.getByRole('textbox', { name: /search/i }));
    await appSearch.focus();
    await settle(app);

    await floorContext.route(FLOOR_URL, (route) =>
      route.fulfill({ contentType: 'text/html', body: FLOOR_PAGE }),
    );
    const floor = await openObserved(floorContext, FLOOR_URL);
    await floor.getByRole('searchbox').focus();
    await settle(floor);

    const keys = [...query.split(''), ...query.split('').map(() => 'Backspace')];
    const appRounds: Latency[][] = [];
    const floorRounds: Latency[][] = [];
    // Round for round, so both see the same load on the machine.
    for (let round = 0; round < KEYSTROKE_ROUNDS; round += 1) {
      appRounds.push(
        await typeRound(app, keys, (text) => expectFeedCount(app, text, expectedCount)),
      );
      floorRounds.push(await typeRound(floor, keys, () => Promise.resolve()));
    }
    return { app: figures(keys, appRounds), floor: figures(keys, floorRounds) };
  } finally {
    await appContext.close();
    await floorContext.close();
  }
}

function figures(keys: string[], rounds: Latency[][]): KeystrokeFigures {
  const perKey = keys.map((_, index) => medianLatency(rounds.map((round) => round[index])));
  return { keys, rounds, perKey };
}

interface ObservedInteraction {
  interactionId: number;
  duration: number;
}

declare global {
  interface Window {
    /** Event Timing entries of interactions, collected since the bench last took them. */
    benchInteractions?: ObservedInteraction[];
  }
  // Event Timing fields that TypeScript's DOM library does not declare yet.
  interface PerformanceEventTiming {
    readonly interactionId: number;
  }
  interface PerformanceObserverInit {
    durationThreshold?: number;
  }
}

/** A page whose interactions' Event Timing entries are collected from the start. */
async function openObserved(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript((threshold) => {
    const collected: ObservedInteraction[] = [];
    window.benchInteractions = collected;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        // keydown, keypress and keyup of one key press share an interactionId; other events have 0.
        if (entry instanceof PerformanceEventTiming && entry.interactionId > 0) {
          collected.push({ interactionId: entry.interactionId, duration: entry.duration });
        }
      }
    }).observe({ type: 'event', durationThreshold: threshold, buffered: true });
  }, EVENT_TIMING_THRESHOLD_MS);
  await page.goto(url);
  return page;
}

/** Types the keys one at a time; each key's latency, after `check` has seen the page agree. */
async function typeRound(
  page: Page,
  keys: string[],
  check: (text: string) => Promise<void>,
): Promise<Latency[]> {
  const latencies: Latency[] = [];
  let text = '';
  await takeInteractions(page);
  for (const key of keys) {
    text = key === 'Backspace' ? text.slice(0, -1) : text + key;
    const before = await interactionCount(page);
    await page.keyboard.press(key);
    // Wait outside the page: polling or frame callbacks of ours would delay its next paint.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    await check(text);
    const { entries, count } = await takeInteractions(page);
    if (count !== before + 1) {
      throw new Error(`Pressing ${key} made ${count - before} interactions, expected exactly 1`);
    }
    const ids = new Set(entries.map((entry) => entry.interactionId));
    if (ids.size > 1) throw new Error(`Pressing ${key} reported ${ids.size} interactions`);
    // INP's rule: an interaction lasts as long as its longest event. No entry at all: the key's
    // paint came sooner than the threshold, which the API does not report.
    latencies.push(
      entries.length === 0
        ? 'below-threshold'
        : Math.max(...entries.map((entry) => entry.duration)),
    );
  }
  return latencies;
}

/** How many interactions the page has seen (keydown/keyup pairs count once), from Event Timing. */
function interactionCount(page: Page): Promise<number> {
  return page.evaluate(() => {
    const count: unknown = Reflect.get(performance, 'interactionCount');
    if (typeof count !== 'number')
      throw new Error('This Chromium has no performance.interactionCount');
    return count;
  });
}

/**
 * The entries collected so far (emptying the list) and the interaction count, once two more frames
 * have been presented, so the last key's entries have been delivered.
 */
function takeInteractions(page: Page): Promise<{ entries: ObservedInteraction[]; count: number }> {
  // No named inner functions here: tsx (esbuild keepNames) would wrap them in a helper that does
  // not exist in the page.
  return page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame += 1) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const collected = window.benchInteractions;
    if (!collected) throw new Error('The Event Timing observer is not installed');
    const entries = collected.splice(0, collected.length);
    const count: unknown = Reflect.get(performance, 'interactionCount');
    if (typeof count !== 'number')
      throw new Error('This Chromium has no performance.interactionCount');
    return { entries, count };
  });
}

async function expectFeedCount(
  page: Page,
  text: string,
  expectedCount: (text: string) => number,
): Promise<void> {
  const listed = await postCount(page);
  if (listed !== expectedCount(text)) {
    // Still busy after SETTLE_MS, or a broken search: either way the figure would be wrong.
    throw new Error(
      `After typing "${text}" the feed lists ${listed} posts, expected ${expectedCount(text)}`,
    );
  }
}

/**
 * How many elements the page holds (`document.getElementsByTagName('*')`) at phone size once its
 * first page is shown and has settled, then after each Load More, till every one of `totalPosts`
 * is in: the page should grow with posts, not with what they carry.
 */
export async function measureDomNodes(
  browser: Browser,
  url: string,
  totalPosts: number,
  pageSize: number,
): Promise<number[]> {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    // The lazy chunks the first page brings (the deals strip, the live checks) in too.
    await page.goto(url, { waitUntil: 'networkidle' });
    const counts: number[] = [];
    await loadEveryPost(page, totalPosts, pageSize, async () => {
      await settle(page);
      counts.push(await page.evaluate(() => document.getElementsByTagName('*').length));
    });
    return counts;
  } finally {
    await context.close();
  }
}

/** Shows the first page, then presses Load More till all are in; `onPage` after each page. */
async function loadEveryPost(
  page: Page,
  totalPosts: number,
  pageSize: number,
  onPage: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  await waitForPostCount(page, pageSize);
  await onPage();
  const loadMore = page.getByRole('button', { name: 'Load More', exact: true });
  for (let loaded = pageSize; loaded < totalPosts; loaded += pageSize) {
    await loadMore.click();
    await waitForPostCount(page, Math.min(loaded + pageSize, totalPosts));
    await onPage();
  }
  if ((await loadMore.count()) > 0) throw new Error('Load More still shown after every post');
}

/**
 * How many posts the feed lists, as its shown articles say (aria-setsize): a long feed renders only
 * the cards near the screen, and a search may keep others in the DOM, hidden. The articles on
 * screen must agree with each other and be numbered in order, or the count is not trusted.
 */
function postCount(page: Page): Promise<number> {
  return page.evaluate(() => {
    const shown = Array.from(document.querySelectorAll('[role="feed"] article')).filter(
      (article) => article.getClientRects().length > 0,
    );
    if (shown.length === 0) return 0;
    const sizes = new Set(shown.map((article) => article.getAttribute('aria-setsize')));
    const positions = shown.map((article) => Number(article.getAttribute('aria-posinset')));
    const ordered = positions.every(
      (position, index) => index === 0 || position > positions[index - 1],
    );
    if (sizes.size !== 1 || !ordered) return Number.NaN;
    return Number(shown[0].getAttribute('aria-setsize'));
  });
}

/** Waits until the feed has `count` posts in and is not busy, looking at its end for the last. */
async function waitForPostCount(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (expected) => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const feed = document.querySelector('[role="feed"]');
      const positions = Array.from(document.querySelectorAll('[role="feed"] article'), (article) =>
        Number(article.getAttribute('aria-posinset')),
      );
      return feed?.getAttribute('aria-busy') === 'false' && Math.max(0, ...positions) === expected;
    },
    count,
    { timeout: 15_000 },
  );
}

/** Two frames painted and the main thread idle twice over: any deferred rendering has run. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let round = 0; round < 2; round += 1) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 }));
    }
  });
}
