import { chromium, type Browser, type Page } from '@playwright/test';
import { loadMoreButton, searchBox } from '../../../e2e/support/app';
import { CHROMIUM_ARGS } from '../../../e2e/support/chromium';
import { median } from './stats';

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

/** A cold visit: fresh profile, wait for the network to go quiet, read Resource Timing. */
export async function measureFirstLoad(
  browser: Browser,
  url: string,
  entryFile: string,
): Promise<FirstLoadInBrowser> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
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

/** Main-thread work for one keystroke, ms, from the task that handled keydown until it settled. */
export interface KeystrokeWork {
  /** The tasks' wall-clock durations, as DevTools shows them: waits for a CPU core included. */
  wallMs: number;
  /** The main thread's own CPU time in those tasks (the trace's thread clock). */
  cpuMs: number;
}

export interface KeystrokeFigures {
  /** The keys pressed, in order: the query's letters, then a Backspace for each. */
  keys: string[];
  /** Each key's median over the rounds, wall clock and CPU time each. */
  perKeystroke: KeystrokeWork[];
}

/**
 * Loads every page with Load More, then types `query` one key at a time and deletes it again,
 * tracing the renderer's main thread around each keystroke. `expectedCount(text)` says how many
 * posts must be listed for a search text (checked after each key, so a broken search cannot pass).
 */
export async function measureSearchKeystrokes(
  browser: Browser,
  url: string,
  totalPosts: number,
  pageSize: number,
  query: string,
  expectedCount: (text: string) => number,
): Promise<KeystrokeFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await waitForPostCount(page, pageSize);
    const loadMore = loadMoreButton(page);
    for (let loaded = pageSize; loaded < totalPosts; loaded += pageSize) {
      await loadMore.click();
      await waitForPostCount(page, Math.min(loaded + pageSize, totalPosts));
    }
    if ((await loadMore.count()) > 0) throw new Error('Load More still shown after every post');

    const search = searchBox(page);
    await search.focus();
    await settle(page);

    const keys = [...query.split(''), ...query.split('').map(() => 'Backspace')];
    // Each key's figure is its median over several rounds: one stray GC or compositor wait should
    // not decide a keystroke's figure.
    const rounds: KeystrokeWork[][] = [];
    for (let round = 0; round < KEYSTROKE_ROUNDS; round += 1) {
      const figures: KeystrokeWork[] = [];
      let text = '';
      for (const key of keys) {
        text = key === 'Backspace' ? text.slice(0, -1) : text + key;
        await browser.startTracing(page, { categories: TRACE_CATEGORIES });
        await page.keyboard.press(key);
        // Wait outside the page: polling or frame callbacks of ours would count as its work.
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        const trace = await browser.stopTracing();
        const listed = await postCount(page);
        if (listed !== expectedCount(text)) {
          // Still busy after SETTLE_MS, or a broken search: either way the figure would be wrong.
          throw new Error(
            `After typing "${text}" the feed lists ${listed} posts, expected ${expectedCount(text)}`,
          );
        }
        figures.push(mainThreadWorkAfterKeydown(trace));
      }
      rounds.push(figures);
    }
    const perKeystroke = keys.map((_, index) => ({
      wallMs: median(rounds.map((figures) => figures[index].wallMs)),
      cpuMs: median(rounds.map((figures) => figures[index].cpuMs)),
    }));
    return { keys, perKeystroke };
  } finally {
    await context.close();
  }
}

/** Times the whole typing-and-deleting is repeated. */
export const KEYSTROKE_ROUNDS = 5;

/** Top-level tasks and the events inside them; the disabled-by-default ones slow the page down. */
const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline'];
/** How long a keystroke gets to finish everything it causes, deferred rendering included. */
const SETTLE_MS = 400;
const TASK_NAMES = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

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
  // No named inner functions here: tsx (esbuild keepNames) would wrap them in a helper that does
  // not exist in the page.
  await page.evaluate(async () => {
    for (let round = 0; round < 2; round += 1) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 }));
    }
  });
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread-clock duration: the time the thread actually ran. */
  tdur?: number;
  args?: { name?: string; data?: { type?: string } };
}

/**
 * Sums the renderer main thread's top-level tasks from the one that dispatched the keydown to the
 * end of the trace (which ends once the page has settled), in wall-clock and in CPU time.
 */
export function mainThreadWorkAfterKeydown(trace: Buffer): KeystrokeWork {
  const parsed: unknown = JSON.parse(trace.toString('utf8'));
  const events = traceEvents(parsed);
  const keydown = events.find(
    (event) => event.name === 'EventDispatch' && event.args?.data?.type === 'keydown',
  );
  if (!keydown) throw new Error('The trace holds no keydown');
  const onMainThread = (event: TraceEvent) =>
    event.pid === keydown.pid && event.tid === keydown.tid;
  const tasks = events
    .filter((event) => onMainThread(event) && TASK_NAMES.has(event.name) && event.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const first = tasks.find(
    (task) => task.ts <= keydown.ts && keydown.ts <= task.ts + (task.dur ?? 0),
  );
  if (!first) throw new Error('No task holds the keydown');
  // Top-level tasks only: one that starts inside the previous one is nested and already counted.
  let wallMicros = 0;
  let cpuMicros = 0;
  let countedUntil = 0;
  for (const task of tasks) {
    if (task.ts < first.ts || task.ts < countedUntil) continue;
    // No thread clock on this platform: a CPU figure made up of zeros would pass any budget.
    if (task.tdur === undefined) throw new Error('The trace holds no thread-clock durations');
    wallMicros += task.dur ?? 0;
    cpuMicros += task.tdur;
    countedUntil = task.ts + (task.dur ?? 0);
  }
  return { wallMs: wallMicros / 1000, cpuMs: cpuMicros / 1000 };
}

function traceEvents(parsed: unknown): TraceEvent[] {
  const list =
    typeof parsed === 'object' && parsed !== null && 'traceEvents' in parsed
      ? parsed.traceEvents
      : parsed;
  if (!Array.isArray(list)) throw new Error('Unexpected trace format');
  return list.filter(isTraceEvent);
}

function isTraceEvent(value: unknown): value is TraceEvent {
  if (typeof value !== 'object' || value === null) return false;
  const record: Record<string, unknown> = { ...value };
  return (
    typeof record.name === 'string' &&
    typeof record.ph === 'string' &&
    typeof record.pid === 'number' &&
    typeof record.tid === 'number' &&
    typeof record.ts === 'number'
  );
}
