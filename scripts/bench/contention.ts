/**
 * `npm run bench:contention`: 20 fans comment on one post at the same moment, through the app.
 * Each comment is a document of the post's thread (issue 46, docs/deadline-day.md): a short thread
 * is counted by the post's summary, so its first comments meet on the post document (Firestore's
 * sustained rate for a document is about one write a second); a marked thread by 64 counters and
 * a stamp written at most once in 10 s. The production build in emulator mode, the emulators
 * (Google's Firestore emulator behind the gate, the Auth emulator), one Chromium: 20 browser
 * contexts at phone size, each signed in as another fan through the account chooser, each types a
 * comment on the same post, and all press 'Post' at once. Two rounds: a post with a marked thread
 * (the comment is counted by a counter, the post untouched), then a fresh post with none (its first
 * 8 comments are the summary's, the next marks it, the rest go to counters, so a fan whose view of
 * the post is out of date is refused and makes the comment again from a new read).
 *
 * Per fan: the time from the press to their comment in the card, whether 'Sending…' showed, and
 * the commit requests sent (retries = commits - 1). After each round the stored thread is read as
 * the owner: every comment a document exactly once, named by its id, with its moderation copy; the
 * post's summary and the counters true to the thread's documents, and the count a page shows
 * (the post's and the counters') the before plus 20. Prints `name: value unit` lines and a row a
 * fan; exits 1 if a comment was lost or the count is not true.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  COMMENTS,
  COUNTERS,
  THREAD,
  commentId,
} from '../../src/features/comments/data/commentCopies';
import { POSTS } from '../../src/shared/collections';
import { LIMITS } from '../../src/shared/limits';
import { FIRST_PAGE_QUERY } from '../../src/shared/posts/postsQuery';
import {
  documentData,
  runQueryDocuments,
  type RestDocument,
} from '../../src/shared/rest/restDecode';
import { documentPost, toComment } from '../../src/shared/posts/postDecode';
import { BENCH_BUILD_DIR, buildBundle } from '../lib/appBuild';
import { requireChromium } from '../lib/chromium';
import { ownerClient, type OwnerClient } from '../lib/ownerClient';
import { resetFeed, startStack, type Stack } from '../lib/stack';
import { BENCH_PORTS, PROJECT_ID, firestoreUrl } from '../lib/testPorts';
import { publishElsewhere } from '../lib/writesElsewhere';
import { buildDeadlineDayPosts } from '../seed/deadlineDay';
import { openFans, pressAtOnce, type Fan, type FanOutcome } from './contention/fans';
import { withBrowser } from './web/browser';
import { report } from './web/report';
import { median } from './web/stats';

const FANS = 20;
const HOUR = 3_600_000;
/**
 * Between the rounds: the rules allow an account one comment every 10 s, and the app names a
 * refusal within 15 s of the account's last comment 'too soon'
 * (src/features/feed/store/rateLimit.ts).
 */
const BETWEEN_ROUNDS_MS = (LIMITS.commentIntervalSeconds + 10) * 1000;

interface Round {
  name: string;
  postId: string;
  /** How many comments the post held before the round. */
  before: number;
}

/** What the stored post holds after a round. */
interface Stored {
  /** How many of the round's comments the post holds exactly once, with their moderation copy. */
  kept: number;
  /** Comments the post holds more than once. */
  doubled: number;
  /**
   * Whether the post's summary (commentCount, cardComments, moreComments) and its counters are
   * true to the thread's documents.
   */
  summaryTrue: boolean;
  /** The thread's documents after the round. */
  count: number;
  /** The count a page shows: the post's commentCount and, once marked, its counters' sum. */
  total: number;
}

async function main(): Promise<number> {
  const started = Date.now();
  report('build', await buildBundle(BENCH_BUILD_DIR, BENCH_PORTS));
  const browser = requireChromium();
  const executablePath = browser.kind === 'path' ? browser.executablePath : undefined;
  let stack: Stack | undefined;
  let lost = 0;
  let untrue = 0;
  try {
    const now = Math.floor(Date.now() / HOUR) * HOUR;
    stack = await startStack(BENCH_PORTS, BENCH_BUILD_DIR, now);
    await resetFeed(BENCH_PORTS, { now, posts: buildDeadlineDayPosts(now) });
    const owner = ownerClient(firestoreUrl(BENCH_PORTS), PROJECT_ID);
    const post = { title: 'Deadline day: who is next?', content: 'Tell us in the comments.' };
    const target = { firestoreUrl: firestoreUrl(BENCH_PORTS), projectId: PROJECT_ID };
    const { id } = await publishElsewhere(target, post);
    const fresh = { name: 'fresh-post', postId: id, before: 0 };
    const rounds = [await longThread(owner), fresh];
    const url = `${stack.url}/`;
    await withBrowser(executablePath, async (chromium) => {
      const emails = Array.from({ length: FANS }, (_, n) => `contention.fan.${n + 1}@example.com`);
      const fans = await openFans(chromium, url, emails);
      for (const [index, round] of rounds.entries()) {
        if (index > 0) await new Promise((resolve) => setTimeout(resolve, BETWEEN_ROUNDS_MS));
        const stored = await runRound(owner, fans, round);
        lost += FANS - stored.kept;
        // The count a page shows is the thread's documents: the ones before and those kept.
        const counted = stored.summaryTrue && stored.total === stored.count;
        if (!counted || stored.count !== round.before + stored.kept) untrue += 1;
      }
    });
  } finally {
    await stack?.stop();
  }
  report('bench-seconds', Math.round((Date.now() - started) / 1000), 's');
  console.log(lost === 0 ? 'contention: every comment kept' : `contention: ${lost} comments lost`);
  console.log(
    untrue === 0
      ? 'contention: every count true to its thread'
      : `contention: ${untrue} rounds' counts not true to their threads`,
  );
  return lost === 0 && untrue === 0 ? 0 : 1;
}

/**
 * The first page's marked post (its comments counted by the counters: the app writes the comment
 * blind, and the post's card stays as it is) with the fewest comments.
 */
async function longThread(owner: OwnerClient): Promise<Round> {
  const posts = (await owner.runQuery(FIRST_PAGE_QUERY.structuredQuery)).map(documentPost);
  const marked = await Promise.all(
    posts
      .filter(({ moreComments }) => moreComments)
      .map(async ({ id, commentCount }) => {
        const counters = await underPost(owner, id, COUNTERS);
        return { id, before: (commentCount ?? 0) + sum(counters.map(counted)) };
      }),
  );
  const [post] = marked.sort((a, b) => a.before - b.before);
  if (!post) throw new Error('The first page has no post with a marked thread');
  return { name: 'long-thread', postId: post.id, before: post.before };
}

/** One round: every fan presses at once; prints its figures; what the post holds after it. */
async function runRound(owner: OwnerClient, fans: Fan[], round: Round): Promise<Stored> {
  const texts = fans.map(
    ({ email }) => `${email.split('@')[0]} on the ${round.name}: get it done before eleven!`,
  );
  const outcomes = await pressAtOnce(fans, round.postId, texts);
  const stored = await readStored(owner, round.postId, outcomes);
  printRound(round, outcomes, stored);
  return stored;
}

/**
 * The documents of a collection under the post (its thread or its counters), as the owner: a
 * query whose parent is the post (REST runQuery on posts/{id}), every document at once.
 */
async function underPost(
  owner: OwnerClient,
  postId: string,
  collectionId: string,
): Promise<RestDocument[]> {
  const url = `${firestoreUrl(BENCH_PORTS)}/v1/${owner.name(`${POSTS}/${postId}`)}:runQuery`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ structuredQuery: { from: [{ collectionId }] } }),
  });
  if (!response.ok) throw new Error(`Reading ${postId}'s ${collectionId}: ${response.status}`);
  const json: unknown = await response.json();
  return runQueryDocuments(json);
}

/** A counter's `n`. */
function counted(counter: RestDocument): number {
  const { n } = documentData(counter);
  return typeof n === 'number' ? n : 0;
}

/** The last part of a document's full name: its id. */
function idOf({ name }: RestDocument): string {
  return name.slice(name.lastIndexOf('/') + 1);
}

/**
 * The post as stored after the round, in the layout of issue 46: each fan's comment a document of
 * the thread (exactly one with its text, named by its commentId) with its moderation copy; and
 * what counts them true to the thread: the post's summary (its count, and its card's comments
 * while it holds the whole thread) and, once it is marked, the counters (each counter's `n` the
 * thread's documents naming it as their `shard`; the post counting the rest).
 */
async function readStored(
  owner: OwnerClient,
  postId: string,
  outcomes: FanOutcome[],
): Promise<Stored> {
  const document = await owner.get(`${POSTS}/${postId}`);
  if (!document) throw new Error(`The post ${postId} is gone`);
  const post = documentPost(document);
  const thread = await underPost(owner, postId, THREAD);
  const counters = await underPost(owner, postId, COUNTERS);
  const comments = thread.map((stored) => ({ stored, data: documentData(stored) }));
  let kept = 0;
  let doubled = 0;
  for (const { text } of outcomes) {
    const copies = comments.filter(({ data }) => data.text === text);
    if (copies.length > 1) doubled += 1;
    if (copies.length !== 1) continue;
    const [{ stored, data }] = copies;
    const [comment] = toComment(data);
    const named = comment !== undefined && (await commentId(postId, comment)) === idOf(stored);
    if (named && (await owner.get(`${COMMENTS}/${idOf(stored)}`))) kept += 1;
  }
  const sharded = comments.filter(({ data }) => typeof data.shard === 'number');
  const countersTrue = counters.every(
    (counter) =>
      counted(counter) ===
      sharded.filter(({ data }) => String(data.shard) === idOf(counter)).length,
  );
  const byPost = comments.length - sharded.length;
  // The card's comments as a set: comments committed in one millisecond share their `at`.
  const asSet = (list: unknown[]) => list.map((each) => JSON.stringify(each)).sort();
  const summaryTrue = post.moreComments
    ? post.cardComments.length === 0 && post.commentCount === byPost && countersTrue
    : sharded.length === 0 &&
      post.commentCount === comments.length &&
      isDeepStrictEqual(
        asSet(post.cardComments),
        asSet(comments.flatMap(({ data }) => toComment(data))),
      );
  const total = (post.commentCount ?? 0) + (post.moreComments ? sum(counters.map(counted)) : 0);
  return { kept, doubled, summaryTrue, count: comments.length, total };
}

function printRound(round: Round, outcomes: FanOutcome[], stored: Stored): void {
  const name = `contention-${round.name}`;
  const pressed = outcomes.map((fan) => fan.pressedAt);
  console.log(`\n${round.name}: ${FANS} fans press 'Post' on a post with ${round.before} comments`);
  const width = Math.max(...outcomes.map((fan) => fan.email.length));
  console.log(
    `${'fan'.padEnd(width)}  wait ms  commits  aborted  denied  post reads  Sending…  outcome`,
  );
  for (const fan of outcomes) {
    const cells = [
      fan.email.padEnd(width),
      String(fan.waitMs ?? '-').padStart(7),
      String(fan.commits).padStart(7),
      String(fan.aborted).padStart(7),
      String(fan.denied).padStart(6),
      String(fan.postReads).padStart(10),
      (fan.sawSending ? 'yes' : 'no').padStart(8),
      fan.error ? `refused: ${fan.error}` : 'shown',
    ];
    console.log(cells.join('  '));
  }
  const waits = outcomes.flatMap((fan) => (fan.waitMs === null ? [] : [fan.waitMs]));
  const retries = outcomes.map((fan) => Math.max(0, fan.commits - 1));
  report(`${name}-press-spread`, Math.max(...pressed) - Math.min(...pressed), 'ms');
  report(`${name}-kept`, `${stored.kept} of ${FANS}`, 'comments');
  report(`${name}-kept-twice`, stored.doubled, 'comments');
  report(`${name}-stored-count`, `${stored.count} (${round.before} + ${FANS} expected)`);
  report(`${name}-counted`, `${stored.total} (the post's count and its counters')`);
  report(`${name}-summary-true`, stored.summaryTrue ? 'yes' : 'no');
  report(`${name}-retries-total`, sum(retries), 'commits');
  report(`${name}-retries-max`, Math.max(...retries), 'commits');
  report(`${name}-commits-aborted`, sum(outcomes.map((fan) => fan.aborted)), 'commits');
  report(`${name}-commits-denied`, sum(outcomes.map((fan) => fan.denied)), 'commits');
  report(`${name}-view-rereads`, sum(outcomes.map((fan) => fan.postReads)), 'reads');
  report(`${name}-wait-slowest`, waits.length > 0 ? Math.max(...waits) : '-', 'ms');
  report(`${name}-wait-median`, waits.length > 0 ? median(waits) : '-', 'ms');
  report(`${name}-saw-sending`, outcomes.filter((fan) => fan.sawSending).length, 'fans');
  report(`${name}-refused`, outcomes.filter((fan) => fan.error).length, 'fans');
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
