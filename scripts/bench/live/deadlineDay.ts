import type { Browser, Locator, Page } from '@playwright/test';
import { LIMITS } from '../../../src/shared/limits';
import { commentElsewhere } from '../../lib/writesElsewhere';
import { resetFeed } from '../../lib/stack';
import { BENCH_PORTS, PROJECT_ID, firestoreUrl } from '../../lib/testPorts';
import { DEADLINE_DAY_COMMENT_COUNTS, buildDeadlineDayPosts } from '../../seed/deadlineDay';
import { demoUid } from '../../seed/demoPosts';
import { kb, ratio, report } from '../web/report';
import type { CountedPage } from './countedPage';
import { SPAN, atMost, perHour, scenario, type ScenarioTally } from './scenario';

/**
 * Deadline day, to show that a feed stays as light with 3,500 comments on its first page as with
 * 30: the deadline-day feed, 20 fans commenting on 5 long posts for the whole span (one
 * comment every 10 s of the page's time, the posts in turn), and one tab at phone size watching.
 * Twice, the feed written again before each: with the five threads opened ('Show all N
 * comments'), whose posts the live checks then read whole to keep them current, and with them
 * closed, whose posts they read masked (the card's fields alone).
 */

/**
 * A visitor's first load stays ≤ 45 document reads, so deadline day's crowd costs what a quiet day
 * does.
 */
const FIRST_LOAD_BUDGET = 45;
/** Opening a thread is one read, whatever its length, so long threads cost no more to open. */
const OPEN_THREAD_BUDGET = 1;
/** A changed post is read once per check that finds it: never twice, never its thread apart. */
const READS_PER_CHANGED_POST_BUDGET = 1;
/**
 * The closed threads' bytes over the opened threads': their re-reads leave the thread out, so
 * they carry a card's few hundred bytes where the others carry a whole thread.
 */
const CLOSED_OVER_OPEN_BYTES_BUDGET = 0.25;

const FANS = 20;
const WATCHED_POSTS = 5;
const COMMENT_EVERY_MS = 10_000;
const COMMENTS = SPAN / COMMENT_EVERY_MS;

type Threads = 'open' | 'closed';
const VARIANTS: readonly Threads[] = ['open', 'closed'];

interface Figures extends ScenarioTally {
  /** Reads caused by pressing 'Show all N comments' once (the open variant only). */
  openThreadReads: number | null;
}

/**
 * The feed positions of the watched posts: the five longest threads with room for the span's
 * comments under the rules' cap (the newest post holds the most the rules allow).
 */
function watchedPositions(): number[] {
  const perPost = Math.ceil(COMMENTS / WATCHED_POSTS);
  return DEADLINE_DAY_COMMENT_COUNTS.map((count, position) => ({ count, position }))
    .filter(({ count }) => count + perPost <= LIMITS.commentsPerPost)
    .sort((a, b) => b.count - a.count)
    .slice(0, WATCHED_POSTS)
    .map(({ position }) => position);
}

/** Both variants, then their figures side by side and the budgets. */
export async function deadlineDay(browser: Browser, url: string, now: number): Promise<void> {
  const figures = new Map<Threads, Figures>();
  for (const threads of VARIANTS) {
    await resetFeed(BENCH_PORTS, { now, posts: buildDeadlineDayPosts(now) });
    figures.set(threads, await watch(browser, url, threads));
  }
  const open = figures.get('open');
  const closed = figures.get('closed');
  if (!open || !closed) throw new Error('A deadline-day variant did not run');

  const firstLoad = Math.max(open.loaded.reads, closed.loaded.reads);
  report('live-deadline-day-first-load-reads', firstLoad, 'reads (once)');
  atMost('deadline-day first load reads', firstLoad, FIRST_LOAD_BUDGET);
  report('live-deadline-day-open-thread-reads', open.openThreadReads ?? Number.NaN, 'reads');
  atMost(
    'deadline-day opening a thread reads',
    open.openThreadReads ?? Number.NaN,
    OPEN_THREAD_BUDGET,
  );
  for (const [threads, { live }] of figures) {
    const name = `deadline-day-threads-${threads}`;
    const perChanged = live.asked / live.changed;
    report(`live-${name}-changed-posts-seen`, live.changed, 'posts');
    report(`live-${name}-posts-read`, live.asked, 'documents');
    report(`live-${name}-reads-per-changed-post`, perChanged.toFixed(2), 'reads');
    report(`live-${name}-bytes-per-hour`, kb(perHour(live.bytes)), 'KB/h');
    atMost(`${name} reads per changed post`, perChanged, READS_PER_CHANGED_POST_BUDGET);
  }
  const bytesRatio = closed.live.bytes / open.live.bytes;
  report('live-deadline-day-closed-over-open-bytes', ratio(closed.live.bytes, open.live.bytes));
  atMost('deadline-day closed over open bytes', bytesRatio, CLOSED_OVER_OPEN_BYTES_BUDGET);
}

/** One tab watching the span's comments arrive, the watched threads opened or not. */
async function watch(browser: Browser, url: string, threads: Threads): Promise<Figures> {
  const target = { firestoreUrl: firestoreUrl(BENCH_PORTS), projectId: PROJECT_ID };
  const positions = watchedPositions();
  let watched: { id: string; seeded: number; sent: string[] }[] = [];
  let openThreadReads: number | null = null;
  const tally = await scenario(
    browser,
    url,
    `deadline-day-threads-${threads}`,
    async (tab) => {
      await tab.pass(SPAN, async (elapsed) => {
        // Halfway between two of the tab's steps: at 5 s, 15 s, … 595 s.
        if (elapsed % COMMENT_EVERY_MS !== COMMENT_EVERY_MS / 2) return;
        const index = Math.floor(elapsed / COMMENT_EVERY_MS);
        const post = watched[index % watched.length];
        const user = `deadline.fan.${index % FANS}@example.com`;
        const text = `Refreshing the feed again (${index + 1} of ${COMMENTS}): still no medical news.`;
        const date = new Date().toLocaleString('en-GB');
        await commentElsewhere(target, post.id, demoUid(user), { user, text, date });
        post.sent.push(text);
      });
      await expectShown(tab.page, watched, threads);
    },
    {
      async prepare(tab) {
        const ids = await postIds(tab.page, positions);
        watched = ids.map((id, n) => ({
          id,
          seeded: DEADLINE_DAY_COMMENT_COUNTS[positions[n]],
          sent: [],
        }));
        if (threads === 'open') openThreadReads = await openThreads(tab, ids);
      },
    },
  );
  return { ...tally, openThreadReads };
}

/** The ids of the feed's posts at these positions (0: the newest), as its articles name them. */
async function postIds(page: Page, positions: number[]): Promise<string[]> {
  const articles = page.getByRole('feed').getByRole('article');
  return Promise.all(
    positions.map(async (position) => {
      const id = await articles.nth(position).getAttribute('data-post-id');
      if (!id) throw new Error(`The feed has no post at ${position}`);
      return id;
    }),
  );
}

function articleOf(page: Page, id: string): Locator {
  return page.locator(`article[data-post-id="${id}"]`);
}

/** Presses each post's 'Show all N comments'; the reads the first press caused. */
async function openThreads(tab: CountedPage, ids: string[]): Promise<number> {
  const reads: number[] = [];
  for (const id of ids) {
    const article = articleOf(tab.page, id);
    const before = tab.reads();
    await article.getByRole('button', { name: /^Show all \d+ comments$/ }).click();
    // Every watched thread is longer than a step of 50.
    await article.getByRole('button', { name: 'Show more comments' }).waitFor();
    await tab.settle();
    reads.push(tab.reads() - before);
  }
  return reads[0];
}

/**
 * What the tab shows after the span: each watched post's count grew with the comments its checks
 * saw, and an opened thread shows them. At most two of a post's comments come in the span's last
 * minute, which the tab's last check may not have seen yet.
 */
async function expectShown(
  page: Page,
  watched: { id: string; seeded: number; sent: string[] }[],
  threads: Threads,
): Promise<void> {
  for (const { id, seeded, sent } of watched) {
    const article = articleOf(page, id);
    const count = Number(await article.locator('.comments__count').textContent());
    if (!(count >= seeded + sent.length - 2)) {
      throw new Error(
        `Post ${id} shows ${count} comments after ${sent.length} more than ${seeded}`,
      );
    }
    const expected = sent.at(-3);
    if (threads === 'closed' || expected === undefined) continue;
    const shown = await article.locator('.comment__text').allTextContents();
    if (!shown.includes(expected)) throw new Error(`Post ${id}'s open thread lacks "${expected}"`);
  }
}
