/**
 * `npm run bench:web`: performance budgets of the production build, measured on this machine
 * against the local emulators (loopback only). Prints `name: value unit` lines and exits non-zero
 * when a budget is missed. `--bundle-only` stops after the bundle-size figures (no browser needed);
 * `--search-only` measures the bundle, the search keystrokes and each feed's first page in the
 * browser, without Lighthouse. Keystrokes are timed by the browser's Event Timing API, as
 * Interaction to Next Paint is: no trace.
 *
 * Two feeds side by side, in the same run: the demo posts, and deadline day (the same posts with
 * 3,556 comments on the first page, scripts/seed/deadlineDay.ts). The page should grow with posts,
 * never with comments: the deadline-day figures are held to the demo's of the same run.
 */
import { BENCH_BUILD_DIR, buildBundle } from '../lib/appBuild';
import { requireChromium } from '../lib/chromium';
import { freePort } from '../lib/processes';
import { ownerClient } from '../lib/ownerClient';
import { resetFeed, startStack, type Stack } from '../lib/stack';
import { BENCH_PORTS, PROJECT_ID, firestoreUrl } from '../lib/testPorts';
import { buildDeadlineDayFeed } from '../seed/deadlineDay';
import { buildDemoPosts, type DemoPost } from '../seed/demoPosts';
import { buildDemoFeed } from '../seed/demoFeed';
import {
  KEYSTROKE_ROUNDS,
  measureDomNodes,
  measureFirstLoad,
  measureSearchKeystrokes,
  withBrowser,
  type SearchKeystrokes,
} from './web/browser';
import { analyseFirstLoad } from './web/bundle';
import { measureFirstPageAnswer, type FirstPageAnswer } from './web/firstPageAnswer';
import { FLOOR_PATH, buildFloorPage } from './web/floorPage';
import { reportSearch } from './web/keystrokeReport';
import { runLighthouse, type LighthouseFigures } from './web/lighthouse';
import { checkPwa } from './web/pwa';
import {
  SIDE_BY_SIDE,
  budget,
  kb,
  printTable,
  ratio,
  report,
  reportPair,
  reportPairs,
  sideBySide,
  type PairedFigure,
  tableRow,
  verdict,
  type SideFeed,
} from './web/report';
import { EVENT_TIMING_THRESHOLD_MS, formatLatency, latencyUpperBound, median } from './web/stats';
import { FIRST_PAGE_QUERY, PAGE_SIZE } from '../../src/shared/posts/postsQuery';

// Lighthouse's own advice for variance: the median of five runs.
const LIGHTHOUSE_RUNS = 5;
// Twenty-five Lighthouse runs (the app with each feed, a permalink, a pinned post and the floor
// page, five each), the feed written again fifteen times between them (deadline day is 3,600
// documents) and the keystrokes on three feeds: about 10 minutes on two cores with other work
// beside it (the limit was 15 with the demo feed alone); a busy machine needs more.
const TIME_LIMIT_MS = 25 * 60_000;
/** The post a permalink load shares: on the third page, as a friend's link to an older story. */
const SHARED_POST_INDEX = 2 * PAGE_SIZE + 5;
/** 60 pages of 35: the load the search keystroke budget is about. */
const MANY_POSTS = 60 * PAGE_SIZE;
const SEARCH_TEXT = 'quiroga';
const HOUR = 3_600_000;

let stack: Stack | undefined;

/**
 * The data sets the bench's feed is given: the two compared, the long one for search, and the
 * demo feed `npm run dev` seeds, with a post pinned on top.
 */
type FeedName = SideFeed | 'many-posts' | 'pinned';

/** The bench's Firestore holds one feed at a time; show() writes another only when asked for. */
interface Feeds {
  posts: Record<FeedName, DemoPost[]>;
  show(feed: FeedName): Promise<void>;
}

function feeds(now: number, written: FeedName): Feeds {
  let shown = written;
  const posts = {
    demo: buildDemoPosts(now),
    'deadline-day': buildDeadlineDayFeed(now),
    'many-posts': manyPosts(now),
    pinned: buildDemoFeed(now),
  };
  return {
    posts,
    async show(feed) {
      if (feed === shown) return;
      await resetFeed(BENCH_PORTS, { now, posts: posts[feed] });
      shown = feed;
    },
  };
}

async function main(): Promise<number> {
  const bundleOnly = process.argv.includes('--bundle-only');
  const started = Date.now();
  const build = await buildBundle(BENCH_BUILD_DIR, BENCH_PORTS);
  report('build', build);

  const firstLoad = analyseFirstLoad(BENCH_BUILD_DIR);
  report('first-load-js-gzip', kb(firstLoad.gzipBytes), 'KB');
  budget('first-load-js-gzip (KB)', firstLoad.gzipBytes / 1024, 'max', 88);
  for (const chunk of firstLoad.chunks.slice(0, 6)) {
    report(`first-load-chunk ${chunk.file}`, kb(chunk.gzipBytes), 'KB');
  }
  report('lazy-js-files', firstLoad.lazyFiles.length, 'files');
  // Each script file before the first paint costs a phone a round trip (a shared chunk split out
  // of the entry cost LCP 1.57 → 1.84 s): the entry chunk holds everything it imports statically.
  const firstLoadFiles = firstLoad.chunks.filter((chunk) => chunk.file.endsWith('.js')).length;
  report('first-load-js-files', firstLoadFiles, 'files');
  budget('first-load-js-files', firstLoadFiles, 'max', 1);
  if (bundleOnly) return verdict(started);

  const browser = requireChromium();
  const now = Math.floor(Date.now() / HOUR) * HOUR;
  stack = await startStack(BENCH_PORTS, BENCH_BUILD_DIR, now);
  const feed = feeds(now, 'demo');
  const url = `${stack.url}/`;
  // The feed's first card (the newest demo post, as the stack has just written them) by React
  // alone.
  await buildFloorPage(BENCH_BUILD_DIR, feed.posts.demo[0], now);
  const entry = firstLoad.chunks.find((chunk) => /^assets\/index-.*\.js$/.test(chunk.file));
  const executablePath = browser.kind === 'path' ? browser.executablePath : undefined;

  if (!process.argv.includes('--search-only')) {
    await measureFirstLoadAndPwa(url, entry?.file ?? '', executablePath, firstLoad);
    await measureLighthouse(url, browser.executablePath, feed);
  }

  // Each feed in Playwright's Chromium: deadline day first, which Lighthouse left written.
  const deadlineDay = await measureInBrowser(url, executablePath, feed, 'deadline-day');
  const demo = await measureInBrowser(url, executablePath, feed, 'demo');
  reportInBrowser({ demo, 'deadline-day': deadlineDay });

  await feed.show('many-posts');
  const posts = feed.posts['many-posts'];
  const keystrokes = await withBrowser(executablePath, (chromium) =>
    measureSearchKeystrokes(chromium, url, posts.length, PAGE_SIZE, SEARCH_TEXT, (text) =>
      countMatches(posts, text),
    ),
  );
  report('search-posts-loaded', posts.length, 'posts');
  report('search-keystrokes', keystrokes.app.keys.length, 'keystrokes a round');
  report('search-keystroke-rounds', KEYSTROKE_ROUNDS, 'rounds (each key: its median)');
  report(
    'event-timing-threshold',
    EVENT_TIMING_THRESHOLD_MS,
    'ms (a key with no entry was faster)',
  );
  const app = reportSearch('', keystrokes);
  // Every keystroke is held to the budget: the slowest key's figure is the one that counts.
  budget('search-keystroke-max (ms)', latencyUpperBound(app.slowest), 'max', 32);
  budget('search-keystroke-median (ms)', latencyUpperBound(app.median), 'max', 16);

  printTable();
  return verdict(started);
}

/** `/?post=<id>` of the stored post at SHARED_POST_INDEX in the feed's order. */
async function permalinkUrl(url: string): Promise<string> {
  const { from, orderBy } = FIRST_PAGE_QUERY.structuredQuery;
  const documents = await ownerClient(firestoreUrl(BENCH_PORTS), PROJECT_ID).runQuery({
    from,
    orderBy,
  });
  const name = documents.at(SHARED_POST_INDEX)?.name;
  if (!name) throw new Error(`the bench's feed has no post number ${SHARED_POST_INDEX + 1}`);
  const id = name.slice(name.lastIndexOf('/') + 1);
  return new URL(`/?post=${encodeURIComponent(id)}`, url).href;
}

/**
 * The demo feed's first load in Playwright's Chromium (what is fetched, and when), and whether
 * Chromium offers to install the app and it works offline.
 */
async function measureFirstLoadAndPwa(
  url: string,
  entryFile: string,
  executablePath: string | undefined,
  firstLoad: ReturnType<typeof analyseFirstLoad>,
): Promise<void> {
  await withBrowser(executablePath, async (chromium) => {
    const load = await measureFirstLoad(chromium, url, entryFile);
    report('first-load-js-transferred', kb(load.transferredJsBytes), 'KB');
    report('first-page-request-start', Math.round(load.queryStartMs), 'ms');
    report('entry-script-loaded', Math.round(load.entryLoadedMs), 'ms');
    report('first-post-rendered', Math.round(load.firstPostMs), 'ms');
    report('first-page-request-initiator', shortUrl(load.queryInitiator));
    report('first-page-request-cors-preflight', load.queryPreflight ? 'yes' : 'no');
    // Before render means the request does not wait for the React bundle: it is started by
    // index.html itself (or at least before the entry module has arrived).
    const bundleFiles = new Set(firstLoad.chunks.map((chunk) => chunk.file));
    const initiatorPath = new URL(load.queryInitiator, url).pathname.slice(1);
    const fromBundle = load.queryInitiator === 'unknown' || bundleFiles.has(initiatorPath);
    const beforeRender =
      load.queryStartMs < load.firstPostMs &&
      (!fromBundle || load.queryStartMs < load.entryLoadedMs);
    report('first-page-request-before-render', beforeRender ? 'yes' : 'no');
    budget('first-page-request-before-render (1 = yes)', beforeRender ? 1 : 0, 'min', 1);
  });

  // Offline and install (Lighthouse 12 no longer has its PWA audits: pwa.ts asks Chromium).
  const pwa = await checkPwa(executablePath, url);
  report(
    'pwa-installable',
    pwa.installabilityErrors.length === 0 ? 'yes' : `no (${pwa.installabilityErrors.join(', ')})`,
  );
  report('pwa-service-worker-controls-start-url', pwa.serviceWorkerControlsStartUrl ? 'yes' : 'no');
  report('pwa-offline-start-url', `${pwa.offlineStartUrlStatus}, ${pwa.offlinePosts} posts`);
  budget('pwa-installable (1 = yes)', pwa.installabilityErrors.length === 0 ? 1 : 0, 'min', 1);
  budget('pwa-service-worker (1 = yes)', pwa.serviceWorkerControlsStartUrl ? 1 : 0, 'min', 1);
  budget(
    'pwa-offline-start-url (posts)',
    pwa.offlineStartUrlStatus === 200 ? pwa.offlinePosts : 0,
    'min',
    PAGE_SIZE,
  );
}

/**
 * Lighthouse, round for round: the demo feed's home page, the floor page, a permalink to a
 * third-page demo post, the home page with a post pinned on top (the dev demo feed), and the
 * deadline-day feed's home page, the feed written again before each page that needs the other (so
 * both feeds see the machine's load alike). Lighthouse clears storage before each run: a first
 * visit, the worker registering after load.
 */
async function measureLighthouse(url: string, chromiumPath: string, feed: Feeds): Promise<void> {
  const showing = (name: FeedName, address: () => Promise<string>) => async () => {
    await feed.show(name);
    return address();
  };
  const [demoRuns, floorRuns, permalinkRuns, pinnedRuns, deadlineRuns] = await runLighthouse(
    chromiumPath,
    [
      showing('demo', async () => url),
      new URL(FLOOR_PATH, url).href,
      showing('demo', () => permalinkUrl(url)),
      showing('pinned', async () => url),
      showing('deadline-day', async () => url),
    ],
    // Any free port: two benches (two checkouts) may run at once.
    await freePort(),
    LIGHTHOUSE_RUNS,
  );
  report('lighthouse-runs', demoRuns.length, 'runs a page');
  const summaries = { demo: summarise(demoRuns), 'deadline-day': summarise(deadlineRuns) };
  const { demo, 'deadline-day': deadline } = summaries;
  reportPairs(summaries, [
    ['lighthouse-performance', (run) => run.score.toFixed(2), 'score'],
    // The other categories, each the worst of the runs (their audits hardly vary): all must be 1.
    ...Object.keys(demo.categories).map((name): PairedFigure<LighthouseSummary> => [
      name,
      (run) => (run.categories[name] ?? 0).toFixed(2),
      'score',
    ]),
    ['lcp', (run) => Math.round(run.lcp), 'ms'],
    ['cls', (run) => run.cls.toFixed(3)],
    ['tbt', (run) => Math.round(run.tbt), 'ms'],
    ['fcp', (run) => Math.round(run.fcp), 'ms'],
    ['total-byte-weight', (run) => kb(run.totalBytes), 'KB'],
    ['lighthouse-benchmark-index', (run) => Math.round(run.benchmarkIndex)],
    ['lighthouse-main-thread-work', (run) => Math.round(run.middle.mainThreadMs), 'ms'],
    ['lighthouse-js-bootup', (run) => Math.round(run.middle.bootupMs), 'ms'],
  ]);
  for (const name of SIDE_BY_SIDE) {
    // Printed, not enforced: a long wait says the machine was busy with more than the visit.
    report(`${name}/lighthouse-longest-wait-for-quiet`, summaries[name].longestQuietWaitMs, 'ms');
    report(`${name}/lighthouse-lcp-element`, snippet(summaries[name].middle.lcpElement));
    report(`${name}/lighthouse-long-tasks`, summaries[name].longTasks);
  }
  report('deadline-day/lcp-to-demo', ratio(deadline.lcp, demo.lcp), 'x');
  report(
    'deadline-day/total-byte-weight-to-demo',
    ratio(deadline.totalBytes, demo.totalBytes),
    'x',
  );
  for (const [name, value] of Object.entries(demo.categories)) {
    budget(`demo/${name} (score)`, value, 'min', 1);
  }
  reportFloor(demo.lcp, floorRuns);
  reportFirstCard('permalink', permalinkRuns);
  reportFirstCard('pinned', pinnedRuns);
  budget('demo/lighthouse-performance (score)', demo.score, 'min', 0.98);
  budget('demo/lcp (ms)', demo.lcp, 'max', 1600);
  budget('demo/cls', demo.cls, 'max', 0.01);
  budget('demo/tbt (ms)', demo.tbt, 'max', 50);
  // The budget: deadline day's long threads must not slow the first paint or grow the download,
  // so it paints as soon as the demo feed does and downloads hardly more.
  budget('deadline-day/lcp-to-demo', deadline.lcp / demo.lcp, 'max', 1.05);
  budget('deadline-day/tbt (ms)', deadline.tbt, 'max', 50);
  budget('deadline-day/cls', deadline.cls, 'max', 0);
  budget(
    'deadline-day/total-byte-weight-to-demo',
    deadline.totalBytes / demo.totalBytes,
    'max',
    1.1,
  );
}

interface LighthouseSummary {
  /** Medians of the runs. */
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  totalBytes: number;
  benchmarkIndex: number;
  /** The accessibility, best practices and SEO scores, each the worst of the runs. */
  categories: Record<string, number>;
  /** The run of the median score, for the diagnostics. */
  middle: LighthouseFigures;
  /** The longest tasks of the run of the median TBT. */
  longTasks: string;
  /** The longest any of the runs waited for a quiet machine before its visit. */
  longestQuietWaitMs: number;
}

function summarise(runs: LighthouseFigures[]): LighthouseSummary {
  const middleOf = (pick: (run: LighthouseFigures) => number) => median(runs.map(pick));
  const score = middleOf((run) => run.score);
  const tbt = middleOf((run) => run.tbtMs);
  return {
    score,
    lcp: middleOf((run) => run.lcpMs),
    cls: middleOf((run) => run.clsValue),
    tbt,
    fcp: middleOf((run) => run.fcpMs),
    totalBytes: middleOf((run) => run.totalBytes),
    benchmarkIndex: middleOf((run) => run.benchmarkIndex),
    categories: {
      'lighthouse-accessibility': Math.min(...runs.map((run) => run.accessibility)),
      'lighthouse-best-practices': Math.min(...runs.map((run) => run.bestPractices)),
      'lighthouse-seo': Math.min(...runs.map((run) => run.seo)),
    },
    middle: runs.find((run) => run.score === score) ?? runs[0],
    longTasks: (runs.find((run) => run.tbtMs === tbt) ?? runs[0]).longTasks,
    longestQuietWaitMs: Math.max(...runs.map((run) => run.quietWaitMs)),
  };
}

/** A feed's figures from Playwright's Chromium. */
interface FeedInBrowser {
  answer: FirstPageAnswer;
  /** Elements in the page after each page of posts (the first, then each Load More). */
  domNodes: number[];
  /** How many posts the feed has: every one is loaded (three pages) for the search. */
  posts: number;
  keystrokes: SearchKeystrokes;
}

async function measureInBrowser(
  url: string,
  executablePath: string | undefined,
  feed: Feeds,
  name: SideFeed,
): Promise<FeedInBrowser> {
  await feed.show(name);
  const posts = feed.posts[name];
  const answer = await measureFirstPageAnswer(BENCH_BUILD_DIR, new URL(url).origin);
  return withBrowser(executablePath, async (chromium) => ({
    answer,
    domNodes: await measureDomNodes(chromium, url, posts.length, PAGE_SIZE),
    posts: posts.length,
    keystrokes: await measureSearchKeystrokes(
      chromium,
      url,
      posts.length,
      PAGE_SIZE,
      SEARCH_TEXT,
      (text) => countMatches(posts, text),
    ),
  }));
}

/** Both feeds' browser figures side by side, and the budgets on deadline day's. */
function reportInBrowser(figures: Record<SideFeed, FeedInBrowser>): void {
  const deadline = figures['deadline-day'];
  reportPairs(figures, [
    ['first-page-answer-posts', ({ answer }) => answer.documents, 'posts'],
    ['first-page-answer-json', ({ answer }) => kb(answer.jsonBytes), 'KB'],
    ['first-page-answer-wire', ({ answer }) => kb(answer.wireBytes), 'KB gzipped'],
  ]);
  budget('deadline-day/first-page-answer-wire (KB)', deadline.answer.wireBytes / 1024, 'max', 12);

  const pages = ['first-page', 'load-more-once', 'load-more-twice'];
  for (const [index, page] of pages.entries()) {
    const nodes = sideBySide(figures, ({ domNodes }) => domNodes[index] ?? Number.NaN);
    const growth = nodes['deadline-day'] / nodes.demo;
    reportPair(`dom-nodes-${page}`, nodes, 'elements');
    report(`deadline-day/dom-nodes-${page}-to-demo`, growth.toFixed(2), 'x');
    // Comments load with their thread, so the page grows with posts, never with comments.
    if (page !== 'load-more-once')
      budget(`deadline-day/dom-nodes-${page}-to-demo`, growth, 'max', 1.1);
  }
  budget('deadline-day/dom-nodes-first-page', deadline.domNodes[0] ?? Number.NaN, 'max', 1500);

  reportPairs(figures, [['three-pages-search-posts-loaded', ({ posts }) => posts, 'posts']]);
  const keys = {
    demo: reportSearch('demo/three-pages-', figures.demo.keystrokes),
    'deadline-day': reportSearch('deadline-day/three-pages-', deadline.keystrokes),
  };
  tableRow(
    'three-pages-search-keystroke-max (ms)',
    sideBySide(keys, (key) => formatLatency(key.slowest)),
  );
  tableRow(
    'three-pages-search-keystroke-median (ms)',
    sideBySide(keys, (key) => formatLatency(key.median)),
  );
  budget(
    'deadline-day/three-pages-search-keystroke-max (ms)',
    latencyUpperBound(keys['deadline-day'].slowest),
    'max',
    16,
  );
}

/**
 * A load whose first card is read beside the first page: a permalink (`/?post=<id>` of a
 * third-page post, 'permalink') or the post the club pins on top ('pinned'). It is painted first
 * and the newest posts below it, so nothing moves in any load: the worst run's CLS is held to 0,
 * not only the median (a load in five once shifted Load More, painted before the cards). Medians
 * of its runs, as the home page's.
 */
function reportFirstCard(name: 'permalink' | 'pinned', runs: LighthouseFigures[]): void {
  const lcp = median(runs.map((run) => run.lcpMs));
  const cls = median(runs.map((run) => run.clsValue));
  const worst = Math.max(...runs.map((run) => run.clsValue));
  const middle = runs.find((run) => run.lcpMs === lcp) ?? runs[0];
  report(`${name}-lcp`, Math.round(lcp), 'ms');
  report(`${name}-cls`, cls.toFixed(3));
  report(`${name}-cls-worst`, worst.toFixed(3));
  report(`${name}-lcp-element`, snippet(middle.lcpElement));
  budget(`${name}-cls`, cls, 'max', 0.01);
  budget(`${name}-cls-worst`, worst, 'max', 0);
}

/**
 * The floor page's figures (medians of its runs) and how far the app is from it: the cost of the
 * data layer, Firebase and the first page's request over React rendering the same card.
 */
function reportFloor(appLcp: number, runs: LighthouseFigures[]): void {
  const lcp = median(runs.map((run) => run.lcpMs));
  const middle = runs.find((run) => run.lcpMs === lcp) ?? runs[0];
  report('floor-lcp', Math.round(lcp), 'ms');
  report('floor-fcp', Math.round(median(runs.map((run) => run.fcpMs))), 'ms');
  report('floor-tbt', Math.round(median(runs.map((run) => run.tbtMs))), 'ms');
  report('floor-lcp-element', snippet(middle.lcpElement));
  report('lcp-to-floor', (appLcp / lcp).toFixed(2), 'x');
}

function snippet(html: string): string {
  return html.replace(/\s+/g, ' ').slice(0, 100);
}

/** 2,100 posts: the demo posts again and again, each batch older than the one before. */
function manyPosts(now: number): DemoPost[] {
  const posts: DemoPost[] = [];
  for (let batch = 0; posts.length < MANY_POSTS; batch += 1) {
    posts.push(...buildDemoPosts(now - batch * 1_700 * HOUR));
  }
  return posts.slice(0, MANY_POSTS);
}

/** The app's search: case-insensitive substring of title, content or deal status. */
function countMatches(posts: DemoPost[], text: string): number {
  const needle = text.toLowerCase();
  return posts.filter((post) =>
    [post.title, post.content, post.status ?? ''].some((field) =>
      field.toLowerCase().includes(needle),
    ),
  ).length;
}

function shortUrl(value: string): string {
  return value.replace(/^https?:\/\/[^/]+/, '') || value;
}

async function shutdown(code: number): Promise<never> {
  await stack?.stop();
  process.exit(code);
}

const watchdog = setTimeout(() => {
  console.error(`bench:web took longer than ${TIME_LIMIT_MS / 60_000} minutes; stopping.`);
  void shutdown(1);
}, TIME_LIMIT_MS);
watchdog.unref();

main().then(
  (code) => shutdown(code),
  async (error: unknown) => {
    console.error(`bench:web: ${error instanceof Error ? error.message : String(error)}`);
    await shutdown(1);
  },
);
