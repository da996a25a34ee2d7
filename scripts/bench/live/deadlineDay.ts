import type { Browser, Locator } from '@playwright/test';
import type { Comment } from '../../../src/shared/posts/post';
import { CLUB_PIN, POST_CHANGES } from '../../../src/shared/collections';
import { documentData } from '../../../src/shared/rest/restDecode';
import { ownerClient } from '../../lib/ownerClient';
import { commentId } from '../../../src/features/comments/data/commentCopies';
import { commentElsewhere, likeElsewhere } from '../../lib/writesElsewhere';
import { resetFeed } from '../../lib/stack';
import { BENCH_PORTS, PROJECT_ID, firestoreUrl } from '../../lib/testPorts';
import { DEMO_PINNED_TITLE } from '../../seed/demoFeed';
import { DEADLINE_DAY_LIVE_COMMENTS, buildDeadlineDayFeed } from '../../seed/deadlineDay';
import { demoUid } from '../../seed/demoPosts';
import { kb, report } from '../web/report';
import { STEP, openCounted, tallySince, type CountedPage, type Tally } from './countedPage';
import { FIRST_LOAD_BUDGET, measureFirstLoad, type FirstLoad } from './firstLoad';
import { HOUR, SPAN, VISIBLE_BUDGET, atMost, scenario } from './scenario';

/**
 * Deadline day (issue 46), on the deadline-day feed (scripts/seed/deadlineDay.ts
 * buildDeadlineDayFeed: 3,556 comments on the first page and the pinned live blog's 10,000):
 * - a visitor's first load, on it and on the demo feed: ≤ 45 reads, plus at most one a card shown
 *   whose thread is marked (its count);
 * - a quiet visible tab: ≤ 300 reads an hour, as on the demo feed;
 * - a hot burst on one post, the live blog: fans comment once a second for BURST_MS, through the
 *   app's recipe, while one tab watches with the thread closed (≤ 2 reads a live check, not one a
 *   comment) and then open (at most one more a new comment shown, never the thread again);
 *   after it, the tab shows the last comment within a live interval and the 10 s a busy thread's
 *   stamp may lag.
 */

/** A closed thread costs a live check at most its stamps and its count, however busy it is. */
const READS_PER_CHECK_BUDGET = 2;
/** How often a visible page checks (src/features/live/state/liveChecks.ts CHECK_EVERY_MS). */
const LIVE_INTERVAL_MS = 30_000;
/** A busy thread stamps its post at most once in this long (firestore.rules stampsIfQuiet). */
const QUIET_MS = 10_000;
/** An open page shows a comment within a live interval and a quiet stamp's lag. */
const LEARNS_WITHIN_MS = LIVE_INTERVAL_MS + QUIET_MS;

/**
 * An open thread shows its latest comments this many at a time
 * (src/features/comments/components/OpenThread.tsx THREAD_STEP, a component this script cannot
 * load).
 */
const THREAD_STEP = 50;

/** The burst: a comment a second on one post for three minutes (six live checks). */
const BURST_MS = 3 * 60_000;
const COMMENT_EVERY_MS = 1_000;
/** More fans than the rules' 10 s per account needs at a comment a second. */
const BURST_FANS = 30;
/** How long the tab is watched after the burst for the last comment: more than it may take. */
const CATCH_UP_MS = 2 * LEARNS_WITHIN_MS;

/**
 * The figures of the deadline-day rows before issue 46 (docs/live-updates.md: 60 comments on five
 * posts of 200–400 comments in 10 minutes, each post a document holding its thread).
 */
const BEFORE = {
  open: { readsPerHour: 720, kbPerHour: 4_432 },
  closed: { readsPerHour: 720, kbPerHour: 98 },
} as const;

type Threads = keyof typeof BEFORE;

/** The deadline-day rows, the demo feed's first load (measured on it before) beside its own. */
export async function deadlineDay(
  browser: Browser,
  url: string,
  now: number,
  demoFirstLoad: FirstLoad,
): Promise<void> {
  await resetFeed(BENCH_PORTS, { now, posts: buildDeadlineDayFeed(now) });
  await stampLiveBlog();
  let firstLoad: FirstLoad | undefined;
  await scenario(browser, url, 'deadline-day-quiet', (tab) => tab.pass(SPAN), {
    limit: VISIBLE_BUDGET,
    async prepare(tab) {
      firstLoad = await measureFirstLoad(tab);
    },
  });
  if (!firstLoad) throw new Error('The deadline-day first load was not measured');
  reportFirstLoad('demo', demoFirstLoad);
  reportFirstLoad('deadline-day', firstLoad);
  // Closed first, then open: the thread grows by the first burst, as it would on the day.
  reportBurst('closed', await hotBurst(browser, url, 'closed'));
  const open = await hotBurst(browser, url, 'open');
  reportBurst('open', open);
  reportConversation(await conversation(browser, url, open.latest));
}

/** A feed's first-load row and its budgets. */
export function reportFirstLoad(feed: string, load: FirstLoad): void {
  const name = `live-${feed}-first-load`;
  report(`${name}-reads`, load.reads, 'reads (once)');
  report(`${name}-count-reads`, load.countReads, 'reads (of those, marked threads’ counts)');
  report(`${name}-cards`, `${load.cards} (${load.markedCards} marked)`, 'cards');
  const limit = FIRST_LOAD_BUDGET + load.markedCards;
  report(`${name}-budget`, `${FIRST_LOAD_BUDGET} + ${load.markedCards} = ${limit}`, 'reads');
  atMost(`${feed} first load reads`, load.reads, limit);
  atMost(`${feed} first load count reads`, load.countReads, load.markedCards);
  atMost(
    `${feed} first load reads beside the counts`,
    load.reads - load.countReads,
    FIRST_LOAD_BUDGET,
  );
}

/** What a tab watching the burst counted. */
interface BurstFigures {
  /** The tab's requests during the burst, together and one by one. */
  during: Tally;
  requests: readonly Tally[];
  /** Comments the fans made (the recipe's commits that succeeded) and those refused. */
  sent: number;
  refused: string[];
  /** The count the tab showed before the burst. */
  before: number;
  /** From the burst's last comment to the tab showing it (and the count with it); NaN: never. */
  learnedMs: number;
  /** Of the burst's latest 40 comments, those the open thread shows at the end (null: closed). */
  shown: number | null;
  /** The burst's last comments, in the order their commits ended. */
  latest: Comment[];
}

/**
 * The live blog's change stamp as the app's write of a post leaves it (postStamp: `at` and
 * `postAt` the commit's time), which the seed, writing no stamps, leaves out: without `postAt` a
 * page takes every stamp of the thread for a change of the post (as of a stamp of an earlier
 * version) and reads the post again each check.
 */
async function stampLiveBlog(): Promise<void> {
  const owner = ownerClient(firestoreUrl(BENCH_PORTS), PROJECT_ID);
  const pin = await owner.get(CLUB_PIN);
  const postId = pin && documentData(pin).post;
  if (typeof postId !== 'string') throw new Error('The deadline-day feed pins no post');
  await owner.commit([
    {
      update: { name: owner.name(`${POST_CHANGES}/${postId}`), fields: {} },
      updateTransforms: ['at', 'postAt'].map((fieldPath) => ({
        fieldPath,
        setToServerValue: 'REQUEST_TIME',
      })),
    },
  ]);
}

/** One tab watches the live blog while fans comment on it once a second. */
async function hotBurst(browser: Browser, url: string, threads: Threads): Promise<BurstFigures> {
  const tab = await openCounted(browser, url);
  try {
    await tab.pass(STEP);
    const article = tab.page.locator('article[data-post-id]', { hasText: DEMO_PINNED_TITLE });
    const post = article.first();
    const id = await post.getAttribute('data-post-id');
    if (!id) throw new Error('The deadline-day feed shows no live blog');
    if (threads === 'open') await openThread(tab, post);
    const before = await shownCount(post);
    if (!(before >= DEADLINE_DAY_LIVE_COMMENTS)) {
      throw new Error(`The live blog shows ${before} comments, not ${DEADLINE_DAY_LIVE_COMMENTS}+`);
    }
    const start = tab.tally();
    const from = tab.requests().length;
    // The SDK logs each refused commit; the recipe makes a refused one again (a stamp that came
    // due meanwhile), and the burst counts those it could not make.
    (await import('firebase/firestore/lite')).setLogLevel('silent');
    const fans = startBurst(id, threads);
    // The page's time the wall clock's: the emulator stamps and rate-limits by the latter.
    await tab.wait(BURST_MS);
    const during = tallySince(tab.tally(), start);
    const requests = tab.requests().slice(from);
    const { sent, refused } = await fans.stop();
    const ended = Date.now();
    const last = sent.at(-1);
    const learned = async () =>
      (await shownCount(post)) === before + sent.length &&
      (threads === 'closed' || (await shownTexts(post)).includes(last?.text ?? ''));
    const learnedMs = await timeUntil(tab, learned, ended);
    // An open thread shows its latest THREAD_STEP comments: the burst's latest of them (less a few
    // whose commits may have ended out of the order of their `at`) must be there.
    const texts = threads === 'open' ? new Set(await shownTexts(post)) : null;
    const latest = sent.slice(-(THREAD_STEP - 10));
    const shown = texts && latest.filter((comment) => texts.has(comment.text)).length;
    return { during, requests, sent: sent.length, refused, before, learnedMs, shown, latest };
  } finally {
    await tab.close();
  }
}

/**
 * How long after `since` the tab showed what `shows` looks for, watched for CATCH_UP_MS a STEP at a
 * time; NaN: never.
 */
async function timeUntil(
  tab: CountedPage,
  shows: () => Promise<boolean>,
  since: number,
): Promise<number> {
  for (let elapsed = 0; elapsed < CATCH_UP_MS; elapsed += STEP) {
    if (await shows()) return Date.now() - since;
    await tab.wait(STEP);
  }
  return Number.NaN;
}

/** Presses the post's 'Show all N comments' and waits for its latest 50. */
async function openThread(tab: CountedPage, post: Locator): Promise<void> {
  await post.getByRole('button', { name: /^Show all/ }).click();
  await post.getByRole('button', { name: 'Show more comments' }).waitFor();
  await tab.settle();
}

/** The count beside 'Comments:', as the card writes it ('10,000'); NaN when it shows none. */
async function shownCount(post: Locator): Promise<number> {
  const text = (await post.locator('.comments__count').textContent()) ?? '';
  return text === '' ? Number.NaN : Number(text.replaceAll(',', ''));
}

function shownTexts(post: Locator): Promise<string[]> {
  return post.locator('.comment__text').allTextContents();
}

const TARGET = { firestoreUrl: firestoreUrl(BENCH_PORTS), projectId: PROJECT_ID };

/** Fans commenting on the post once every COMMENT_EVERY_MS, until stopped. */
function startBurst(postId: string, label: string) {
  return everySecond(async (n) => {
    const user = `burst.${label}.${n % BURST_FANS}@example.com`;
    const text = `Live blog, ${label} burst, comment ${n + 1}: still no medical news.`;
    const comment = { user, text, date: new Date().toLocaleString('en-GB') };
    await commentElsewhere(TARGET, postId, demoUid(user), comment);
    return comment;
  });
}

/**
 * `act(n)` once every COMMENT_EVERY_MS, the n-th time with n, until stopped: what it made (null:
 * nothing to show), and what it could not.
 */
function everySecond(act: (n: number) => Promise<Comment | null>) {
  const sent: Comment[] = [];
  const refused: string[] = [];
  const pending = new Set<Promise<void>>();
  let index = 0;
  const once = () => {
    const n = index;
    index += 1;
    const made = act(n).then(
      (comment) => void (comment && sent.push(comment)),
      (error: unknown) => void refused.push(`${n}: ${String(error)}`),
    );
    pending.add(made);
    void made.finally(() => pending.delete(made));
  };
  once();
  const timer = setInterval(once, COMMENT_EVERY_MS);
  return {
    /** Stops commenting; the comments made (in the order their commits ended) and refused. */
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return { sent, refused };
    },
  };
}

/** A figure of the burst, as per hour. */
function burstPerHour(value: number): number {
  return Math.round(value * (HOUR / BURST_MS));
}

/** The burst's row: its figures beside the old deadline-day row's, and its budgets. */
function reportBurst(threads: Threads, figures: BurstFigures): void {
  const { during, requests, sent, refused, before, learnedMs, shown } = figures;
  const name = `live-deadline-day-burst-thread-${threads}`;
  const old = BEFORE[threads];
  const perCheck = during.reads / during.checks;
  const most = Math.max(0, ...requests.map((request) => request.threadComments));
  report(`${name}-comments`, `${sent} in ${BURST_MS / 1000} s on a thread of ${before}`);
  for (const error of refused) console.log(`${name}-refused: ${error}`);
  report(`${name}-reads`, during.reads, `reads in ${BURST_MS / 1000} s`);
  report(`${name}-live-checks`, during.checks, 'checks');
  report(
    `${name}-reads-by-kind`,
    `stamps ${during.stampReads}, counts ${during.countReads}, ` +
      `thread ${during.threadReads} (${during.threadComments} comments, at most ${most} at once), ` +
      `posts ${during.postsAsked}, comments asked whether removed ${during.commentsAsked}`,
  );
  report(`${name}-reads-per-check`, perCheck.toFixed(2), 'reads');
  report(
    `${name}-reads-per-hour`,
    burstPerHour(during.reads),
    `reads/h (before issue 46: ${old.readsPerHour} on five threads of 200–400)`,
  );
  report(
    `${name}-bytes-per-hour`,
    kb(burstPerHour(during.bytes)),
    `KB/h (before issue 46: ${old.kbPerHour.toLocaleString('en-GB')} KB/h)`,
  );
  report(`${name}-learned-last-comment`, (learnedMs / 1000).toFixed(1), 's after the burst');
  atMost(`burst thread ${threads}: comments refused`, refused.length, 0);
  atMost(`burst thread ${threads}: ms to learn the last comment`, learnedMs, LEARNS_WITHIN_MS);
  atMost(`burst thread ${threads}: posts read again`, during.postsAsked, 0);
  if (threads === 'closed') {
    atMost('burst thread closed: reads per live check', perCheck, READS_PER_CHECK_BUDGET);
    return;
  }
  const latest = Math.min(sent, THREAD_STEP - 10);
  report(`${name}-comments-shown`, `${shown ?? 0} of the latest ${latest}`);
  // Every new comment is read once at most: the thread itself (10,000 and more) never again.
  atMost('burst thread open: comments read over comments made', during.threadComments, sent);
  atMost(
    'burst thread open: reads over 2 a check and 1 a comment read',
    during.reads,
    READS_PER_CHECK_BUDGET * during.checks + during.threadComments,
  );
  atMost('burst thread open: latest comments not shown', latest - (shown ?? 0), 0);
}

/** The conversation: a reply and a like a second, in turn, on comments the open thread shows. */
interface ConversationFigures {
  during: Tally;
  replies: number;
  likes: number;
  refused: string[];
  /** From the last reply to the tab showing it under its comment; NaN: never. */
  learnedMs: number;
}

/**
 * One tab holds the live blog's thread open while fans answer its latest comments (`answered`)
 * and like them, a reply and a like a second in turn, through the app's recipes. Replies are read
 * by the thread's live check (one query a check, one read a reply); likes are not live.
 */
async function conversation(
  browser: Browser,
  url: string,
  answered: readonly Comment[],
): Promise<ConversationFigures> {
  const tab = await openCounted(browser, url);
  try {
    await tab.pass(STEP);
    const post = tab.page.locator('article[data-post-id]', { hasText: DEMO_PINNED_TITLE }).first();
    const id = await post.getAttribute('data-post-id');
    if (!id || answered.length === 0) throw new Error('No live blog comments to answer');
    await openThread(tab, post);
    const start = tab.tally();
    let likes = 0;
    const talk = everySecond(async (n) => {
      const to = answered[Math.floor(n / 2) % answered.length];
      if (n % 2 === 1) {
        await likeElsewhere(TARGET, id, await commentId(id, to), `talk.like.${n}@example.com`);
        likes += 1;
        return null;
      }
      const user = `talk.${n % BURST_FANS}@example.com`;
      const reply = { user, text: `Reply ${n + 1}: agreed.`, date: new Date().toISOString() };
      await commentElsewhere(TARGET, id, demoUid(user), reply, await commentId(id, to));
      return reply;
    });
    await tab.wait(BURST_MS);
    const during = tallySince(tab.tally(), start);
    const { sent, refused } = await talk.stop();
    const ended = Date.now();
    const last = sent.at(-1)?.text ?? '';
    const learnedMs = await timeUntil(
      tab,
      async () => (await shownTexts(post)).includes(last),
      ended,
    );
    return { during, replies: sent.length, likes, refused, learnedMs };
  } finally {
    await tab.close();
  }
}

/** The conversation's row and its budgets. */
function reportConversation(figures: ConversationFigures): void {
  const { during, replies, likes, refused, learnedMs } = figures;
  const name = 'live-deadline-day-conversation';
  report(`${name}-made`, `${replies} replies, ${likes} likes in ${BURST_MS / 1000} s`);
  for (const error of refused) console.log(`${name}-refused: ${error}`);
  report(`${name}-reads`, during.reads, `reads in ${BURST_MS / 1000} s`);
  report(`${name}-live-checks`, during.checks, 'checks');
  report(
    `${name}-reads-by-kind`,
    `stamps ${during.stampReads}, counts ${during.countReads}, ` +
      `thread ${during.threadReads} (${during.threadComments} comments and replies)`,
  );
  report(`${name}-reads-per-hour`, burstPerHour(during.reads), 'reads/h');
  report(`${name}-bytes-per-hour`, kb(burstPerHour(during.bytes)), 'KB/h');
  report(`${name}-learned-last-reply`, (learnedMs / 1000).toFixed(1), 's after it');
  atMost('conversation: refused', refused.length, 0);
  atMost('conversation: ms to show the last reply', learnedMs, LEARNS_WITHIN_MS);
  // A check: its stamps and count (2), its new comments' and replies' queries (2), and one read a
  // reply or comment they return; never the thread again, never a read a like.
  atMost(
    'conversation: reads over 4 a check and 1 a reply read',
    during.reads,
    (READS_PER_CHECK_BUDGET + 2) * during.checks + during.threadComments,
  );
  atMost('conversation: replies read over replies made', during.threadComments, replies);
}
