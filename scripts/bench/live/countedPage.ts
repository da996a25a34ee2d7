import type { Browser, Locator, Page, Request } from '@playwright/test';
import { isRecord } from '../../../src/shared/rest/restDecode';

/** The page's time advances in steps this long; the real time between them lets reads finish. */
export const STEP = 1_000;

/** What a tab's Firestore requests came to. */
export interface Tally {
  /**
   * Reads as Firestore bills them: a query one per document returned and at least one, a batchGet
   * one per document asked for, an aggregation one per 1,000 index entries it went over and at
   * least one (see AGGREGATION_READS).
   */
  reads: number;
  /**
   * The answers' bodies as the wire carried them (Chromium's encoded length, without headers):
   * gzipped where the gate gzips, as Firestore's front end does (scripts/lib/gate/compression.ts).
   */
  bytes: number;
  /** Documents the batchGets asked for. */
  asked: number;
  /** Of those, posts (posts/{id}: a changed post read again). */
  postsAsked: number;
  /**
   * Of those, comments of a thread (posts/{id}/comments/{commentId}: whether a comment a stamp
   * names is gone).
   */
  commentsAsked: number;
  /** Change stamps (postChanges/{id}, one a changed post) the queries returned. */
  changed: number;
  /** Live checks: queries of the change stamps (postChanges), each billed at least one read. */
  checks: number;
  /** Reads of the live checks' stamp queries (one a stamp returned, at least one a check). */
  stampReads: number;
  /** Reads of aggregations (a long thread's count: the sum of its counters). */
  countReads: number;
  /** Reads of queries of a post's thread (posts/{id}/comments: one a comment, at least one). */
  threadReads: number;
  /** Comment documents those queries returned. */
  threadComments: number;
}

export const NO_TALLY: Tally = {
  reads: 0,
  bytes: 0,
  asked: 0,
  postsAsked: 0,
  commentsAsked: 0,
  changed: 0,
  checks: 0,
  stampReads: 0,
  countReads: 0,
  threadReads: 0,
  threadComments: 0,
};

/**
 * What an aggregation is billed: one read per up to 1,000 index entries it goes over. The app's
 * only aggregation is a long thread's count, a sum over its counters
 * (posts/{id}/commentCounts: at most LIMITS.commentCounters = 64), so one read.
 */
const AGGREGATION_READS = 1;

/** What `after` holds beyond `before`. */
export function tallySince(after: Tally, before: Tally): Tally {
  return combine(after, before, -1);
}

/** `a` and `b` added (sign 1) or `b` taken from `a` (sign -1), figure by figure. */
function combine(a: Tally, b: Tally, sign: 1 | -1): Tally {
  const sum = (key: keyof Tally) => a[key] + sign * b[key];
  return {
    reads: sum('reads'),
    bytes: sum('bytes'),
    asked: sum('asked'),
    postsAsked: sum('postsAsked'),
    commentsAsked: sum('commentsAsked'),
    changed: sum('changed'),
    checks: sum('checks'),
    stampReads: sum('stampReads'),
    countReads: sum('countReads'),
    threadReads: sum('threadReads'),
    threadComments: sum('threadComments'),
  };
}

/** Any request to Firestore's REST API (the emulator's address is the production path's). */
const FIRESTORE_REST = /\/v1\/projects\/[^/]+\/databases\/[^/]+\/documents/;

/**
 * The verbs that read, on the documents root or under a document (a thread's queries and count
 * go to posts/{id}:runQuery and posts/{id}:runAggregationQuery).
 */
const READ_VERB = /\/documents(?:\/[^:?]+)?:(runQuery|batchGet|runAggregationQuery)(\?|$)/;

/** A thread's comments (posts/{id}/comments/{commentId}), by their full names. */
const THREAD_COMMENT = /\/documents\/posts\/[^/]+\/comments\/[^/]+$/;

/** One finished request of the page, as its Tally (nothing for a request not to Firestore). */
async function tallyOf(request: Request): Promise<Tally> {
  if (!FIRESTORE_REST.test(request.url())) return NO_TALLY;
  const { responseBodySize: bytes } = await request.sizes();
  const method = READ_VERB.exec(new URL(request.url()).pathname)?.[1];
  const response = await request.response();
  const json: unknown = method ? await response?.json().catch(() => null) : null;
  if (!Array.isArray(json)) return { ...NO_TALLY, bytes };
  if (method === 'batchGet') {
    const body: unknown = request.postDataJSON();
    const names = isRecord(body) && Array.isArray(body.documents) ? body.documents.map(String) : [];
    return {
      ...NO_TALLY,
      reads: json.length,
      bytes,
      asked: names.length,
      postsAsked: names.filter((name) => /\/documents\/posts\/[^/]+$/.test(name)).length,
      commentsAsked: names.filter((name) => THREAD_COMMENT.test(name)).length,
    };
  }
  if (method === 'runAggregationQuery') {
    return { ...NO_TALLY, reads: AGGREGATION_READS, bytes, countReads: AGGREGATION_READS };
  }
  const names = json.flatMap((entry: unknown) =>
    isRecord(entry) && isRecord(entry.document) ? [String(entry.document.name)] : [],
  );
  const reads = Math.max(1, names.length);
  const changed = names.filter((name) => name.includes('/documents/postChanges/')).length;
  const tally = { ...NO_TALLY, reads, bytes, changed };
  const from = queriedCollection(request.postDataJSON());
  if (from === 'postChanges') return { ...tally, checks: 1, stampReads: reads };
  const comments = names.filter((name) => THREAD_COMMENT.test(name)).length;
  if (from !== 'comments' || !/\/documents\/posts\/[^/:]+:runQuery/.test(request.url())) {
    return tally;
  }
  return { ...tally, threadReads: reads, threadComments: comments };
}

/** The collection a runQuery's body asks for (its first `from`), or ''. */
function queriedCollection(body: unknown): string {
  const query = isRecord(body) ? body.structuredQuery : null;
  const from: unknown = isRecord(query) && Array.isArray(query.from) ? query.from[0] : null;
  return isRecord(from) && typeof from.collectionId === 'string' ? from.collectionId : '';
}

/** An open page whose Firestore reads are counted; `hidden` switches its visibility. */
export interface CountedPage {
  page: Page;
  reads(): number;
  /** Everything counted so far. */
  tally(): Tally;
  /** Each Firestore request counted so far, as its own tally, in the order they finished. */
  requests(): readonly Tally[];
  setHidden(hidden: boolean): Promise<void>;
  /** Lets `ms` of the page's time pass, a step at a time, calling `each` at every step's time. */
  pass(ms: number, each?: (elapsed: number) => Promise<void>): Promise<void>;
  /**
   * Lets `ms` of the wall clock's time pass, the page's clock flowing with it (Playwright's clock
   * flows on its own between the steps `pass` adds), calling `each` every STEP: for what the
   * emulator times by its own clock (a busy thread's stamps, the rules' 10 s per account).
   */
  wait(ms: number, each?: (elapsed: number) => Promise<void>): Promise<void>;
  /** Waits for the requests under way to end and be counted, without moving the page's clock. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * `tabs` pages of the site in one browser (one context: they share localStorage, Web Locks and
 * BroadcastChannel, as a fan's tabs do), at phone size, their Firestore requests counted together;
 * `page` is the first. Their clock is Playwright's, one for the context.
 */
export async function openCounted(browser: Browser, url: string, tabs = 1): Promise<CountedPage> {
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
  let tally = NO_TALLY;
  const requests: Tally[] = [];
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
      const counted = tallyOf(request).then((each) => {
        tally = combine(tally, each, 1);
        if (each !== NO_TALLY) requests.push(each);
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
    await stripDealLinks(page).first().waitFor();
    await settle(page);
    pages.push(page);
  }
  const [first] = pages;
  return {
    page: first,
    reads: () => tally.reads,
    tally: () => tally,
    requests: () => requests,
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
    async wait(ms, each) {
      const started = Date.now();
      for (let elapsed = STEP; elapsed <= ms; elapsed += STEP) {
        await first.waitForTimeout(Math.max(0, started + elapsed - Date.now()));
        await settle(first);
        await each?.(elapsed);
      }
    },
    settle: () => settle(first),
    close: () => context.close(),
  };
}

/**
 * The deals strip's links to a deal's feed, most recently changed first (not 'Ins and outs', which
 * shows before the strip has read its deals).
 */
export function stripDealLinks(page: Page): Locator {
  return page.getByRole('region', { name: 'Deals' }).getByRole('listitem').getByRole('link');
}
