/**
 * `npm run bench:contention`: 20 fans comment on one post at the same moment, through the app.
 * A post is one document, so its comments meet Firestore's sustained write rate for a document
 * (about one a second) and the rules' 400-comment cap. The production build in emulator mode, the
 * emulators (Google's Firestore emulator behind the gate, the Auth emulator), one Chromium: 20
 * browser contexts at phone size, each signed in as another fan through the account chooser, each
 * types a comment on the same post, and all press 'Post' at once. Two rounds: a post with a long
 * thread (more than the card's 10, so the comment is appended blind and the card's comments stay
 * as they are), then a fresh post with none (its first 10 comments are also the card's, so a fan
 * whose view of the post is out of date is refused and makes the comment again from a new read).
 *
 * Per fan: the time from the press to their comment in the card, whether 'Sending…' showed, and
 * the commit requests sent (retries = commits - 1). After each round the stored post is read as
 * the owner: every comment kept exactly once, its moderation copy written, the summary true to
 * the list. Prints `name: value unit` lines and a row a fan; exits 1 if a comment was lost.
 */
import { isDeepStrictEqual } from 'node:util';
import { commentId } from '../../src/features/comments/data/commentCopies';
import { summariseComments, toComments } from '../../src/features/comments/data/commentList';
import { LIMITS } from '../../src/shared/limits';
import { FIRST_PAGE_QUERY } from '../../src/features/posts/data/postsQuery';
import { documentData } from '../../src/shared/rest/restDecode';
import { documentPost } from '../../src/features/posts/data/postDecode';
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
 * (src/features/comments/store/rateLimit.ts).
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
  /** Whether commentCount and cardComments are true to the list. */
  summaryTrue: boolean;
  /** The list's length after the round. */
  count: number;
}

async function main(): Promise<number> {
  const started = Date.now();
  report('build', await buildBundle(BENCH_BUILD_DIR, BENCH_PORTS));
  const browser = requireChromium();
  const executablePath = browser.kind === 'path' ? browser.executablePath : undefined;
  let stack: Stack | undefined;
  let lost = 0;
  try {
    const now = Math.floor(Date.now() / HOUR) * HOUR;
    stack = await startStack(BENCH_PORTS, BENCH_BUILD_DIR, now);
    await resetFeed(BENCH_PORTS, { now, posts: buildDeadlineDayPosts(now) });
    const owner = ownerClient(firestoreUrl(BENCH_PORTS), PROJECT_ID);
    const fresh = { name: 'fresh-post', postId: `contention-${Date.now()}`, before: 0 };
    const post = { title: 'Deadline day: who is next?', content: 'Tell us in the comments.' };
    await publishElsewhere(owner, fresh.postId, post);
    const rounds = [await longThread(owner), fresh];
    const url = `${stack.url}/`;
    await withBrowser(executablePath, async (chromium) => {
      const emails = Array.from({ length: FANS }, (_, n) => `contention.fan.${n + 1}@example.com`);
      const fans = await openFans(chromium, url, emails);
      for (const [index, round] of rounds.entries()) {
        if (index > 0) await new Promise((resolve) => setTimeout(resolve, BETWEEN_ROUNDS_MS));
        lost += await runRound(owner, fans, round);
      }
    });
  } finally {
    await stack?.stop();
  }
  report('bench-seconds', Math.round((Date.now() - started) / 1000), 's');
  console.log(lost === 0 ? 'contention: every comment kept' : `contention: ${lost} comments lost`);
  return lost === 0 ? 0 : 1;
}

/**
 * The first page's post with the fewest comments past the card's 10 that has room for every
 * fan's under the rules' cap.
 */
async function longThread(owner: OwnerClient): Promise<Round> {
  const posts = (await owner.runQuery(FIRST_PAGE_QUERY.structuredQuery)).map(documentPost);
  const [post] = posts
    .filter(({ commentCount }) => commentCount !== null)
    .map(({ id, commentCount }) => ({ id, before: commentCount ?? 0 }))
    .filter(({ before }) => before > LIMITS.cardComments)
    .filter(({ before }) => before + FANS <= LIMITS.commentsPerPost)
    .sort((a, b) => a.before - b.before);
  if (!post) throw new Error('The first page has no post with a long thread and room for more');
  return { name: 'long-thread', postId: post.id, before: post.before };
}

/** One round: every fan presses at once; prints its figures; how many comments were lost. */
async function runRound(owner: OwnerClient, fans: Fan[], round: Round): Promise<number> {
  const texts = fans.map(
    ({ email }) => `${email.split('@')[0]} on the ${round.name}: get it done before eleven!`,
  );
  const outcomes = await pressAtOnce(fans, round.postId, texts);
  const stored = await readStored(owner, round.postId, outcomes);
  printRound(round, outcomes, stored);
  return FANS - stored.kept;
}

async function readStored(
  owner: OwnerClient,
  postId: string,
  outcomes: FanOutcome[],
): Promise<Stored> {
  const document = await owner.get(`posts/${postId}`);
  if (!document) throw new Error(`The post ${postId} is gone`);
  const data = documentData(document);
  const comments = toComments(data) ?? [];
  let kept = 0;
  let doubled = 0;
  for (const { text } of outcomes) {
    const copies = comments.filter((comment) => comment.text === text);
    if (copies.length > 1) doubled += 1;
    if (copies.length !== 1) continue;
    if (await owner.get(`comments/${await commentId(postId, copies[0])}`)) kept += 1;
  }
  const summary = summariseComments(comments);
  const summaryTrue =
    data.commentCount === summary.commentCount &&
    isDeepStrictEqual(toComments({ comments: data.cardComments }), summary.cardComments);
  return { kept, doubled, summaryTrue, count: comments.length };
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
