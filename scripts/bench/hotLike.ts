/**
 * `npm run bench:hot-like`: one comment of the story of the day is liked ten times a second for a
 * minute. On Google's Firestore emulator behind the gate (bench:hot-story's pair of ports), with
 * firestore.rules enforced, the administrator publishes a post, a fan comments on it, and 600 other
 * fans, each a verified Google account with an app of its own, like that comment: fan i opens the
 * thread a second before pressing 'Like' at i × 0.1 s (its page reads the comment and its like
 * counters then: likeCommits.ts readLikeView), and presses through the app's recipe (commitLike).
 *
 * Measures press → pressed (the commit resolved), the fans who saw the recipe make a commit again,
 * and any refusal. Every commit that resolved is logged with the documents it wrote and dated by
 * the server (its like's `at`), which gives the most writes any one document took in a 10-second
 * window, by kind (the post, its stamp, the comment, its like counters, the likes). Then every like
 * is read back: 600 likes, each once, and the count (the comment's `likes` plus its counters') 600.
 *
 * Prints `name: value unit` lines, a table, and the budgets missed; exits 1 when a fan was refused,
 * a like is missing, the count is off, or a document took more than 10 writes in 10 s.
 */
import { initializeApp } from 'firebase/app';
import * as sdk from 'firebase/firestore/lite';
import { readThreadView } from '../../src/features/feed/store/commentCommits';
import { commitFanComment } from '../../src/features/feed/store/heldCommits';
import { commitLike, readLikeView } from '../../src/features/feed/store/likeCommits';
import { publishPost } from '../../src/features/feed/store/postCreation';
import {
  commentId,
  LIKES,
  LIKE_COUNTERS,
  THREAD,
} from '../../src/features/comments/data/commentCopies';
import { POSTS } from '../../src/shared/collections';
import { storeErrorCode } from '../../src/shared/errors/storeError';
import type { Store } from '../../src/shared/store/firestoreWrites';
import { readAdminEmail } from '../lib/adminEmail';
import type { HostPort } from '../lib/emulators';
import { RULES_PATH } from '../lib/stack';
import { PROJECT_ID } from '../lib/testPorts';
import {
  EMULATOR,
  countsOf,
  countsText,
  loadAverage,
  onFreshEngine,
  percentile,
} from './hotStory/engine';
import { client, googleUser, sleepUntil } from './hotStory/fans';
import { millis, pagesOf } from './hotStory/readBack';
import { LIKE_KINDS, busiestByKind, liteSdk, loggingSdk, newWriteLog } from './hotStory/writeLog';
import { budget, printColumns, report, verdict } from './web/report';

const LIKERS = 600;
const STEP_MS = 100;
const OPEN_LEAD_MS = 1000;
const WINDOW_MS = 10_000;
const WRITES_PER_WINDOW = 10;
const SHOWN_ERRORS = 5;
const WARM_UP_LIKES = 200;

interface Press {
  fan: number;
  pressedAt: number;
  doneAt: number | null;
  countedBy: string | null;
  retries: number;
  error: string | null;
}

async function main(): Promise<number> {
  const started = Date.now();
  return onFreshEngine(() => run(started));
}

async function run(started: number): Promise<number> {
  const emulator = EMULATOR;
  const log = newWriteLog();
  const logged = loggingSdk(log);
  const admin = client(emulator, googleUser('hot-like-admin', readAdminEmail(RULES_PATH)), liteSdk);
  const warm = Date.now();
  const warmed = await warmUp(emulator, await commentedPost(emulator, admin, 'warm-up'));
  report('warm-up', `${WARM_UP_LIKES} likes, ${warmed} refused, ${Date.now() - warm} ms`);
  const { postId, liked } = await commentedPost(emulator, admin, 'hot-like');

  const start = Date.now() + OPEN_LEAD_MS + 500;
  console.log(`${LIKERS} fans like one comment of post ${postId}: ${1000 / STEP_MS} a second`);
  const presses = await Promise.all(
    Array.from({ length: LIKERS }, (_, fan) => {
      const persona = googleUser(`hot-like-fan-${fan + 1}`, `hot.like.fan.${fan + 1}@example.com`);
      return like(client(emulator, persona, logged), persona.sub, fan, start, postId, liked);
    }),
  );

  const stored = await readBack(ownerStore(emulator), postId, liked);
  for (const commit of log.commits) {
    const likePath = commit.paths.find((path) => path.split('/')[2] === LIKES);
    commit.serverAt = likePath ? stored.likedAt.get(likePath.split('/').at(-1) ?? '') : undefined;
  }
  const undated = log.commits.filter((commit) => commit.serverAt === undefined).length;
  const byServer = busiestByKind(log.commits, WINDOW_MS, (commit) => commit.serverAt ?? NaN);
  const errors = presses.filter((press) => press.error !== null);
  const done = presses.flatMap((press) =>
    press.doneAt === null ? [] : [press.doneAt - press.pressedAt],
  );
  const retried = presses.filter((press) => press.retries > 0).length;
  const counted = stored.own + stored.countersSum;

  for (const press of errors.slice(0, SHOWN_ERRORS)) {
    console.error(`fan ${press.fan + 1} refused: ${press.error}`);
  }
  report('counted-by', countsOf(presses.map((press) => press.countedBy ?? 'refused')));
  report('commits-resolved', log.commits.length);
  report('commits-refused-or-aborted', countsText(log.refused));
  report('count', `${stored.own} + ${stored.countersSum} = ${counted}`);
  report('counters-holding-likes', stored.holding);
  for (const kind of LIKE_KINDS) {
    const busiest = byServer.get(kind);
    report(
      `writes-per-10s/${kind}`,
      `${busiest?.writes ?? 0} (${busiest?.path ?? '-'}, of ${busiest?.documents ?? 0})`,
    );
  }
  const rows: [string, string, string][] = [
    ['likes kept', `${stored.likes} of ${LIKERS}`, `${LIKERS}`],
    ['errors', `${errors.length}`, '0'],
    ['fans who saw a retry', `${retried}`, '-'],
    ['press→pressed p50', `${percentile(done, 0.5)} ms`, '-'],
    ['press→pressed p95', `${percentile(done, 0.95)} ms`, '-'],
    ['count (likes + counters)', `${counted}`, `${LIKERS}`],
    ...LIKE_KINDS.map((kind): [string, string, string] => [
      `max writes/10 s, ${kind === 'like counter' ? 'busiest like counter' : kind}`,
      `${byServer.get(kind)?.writes ?? 0}`,
      `≤ ${WRITES_PER_WINDOW}`,
    ]),
    ['total time', `${((Date.now() - started) / 1000).toFixed(0)} s`, '-'],
  ];
  printColumns(['figure', 'value', 'required'], rows);

  budget('errors', errors.length, 'max', 0);
  budget('likes-kept', stored.likes, 'min', LIKERS);
  budget('count-off-by', Math.abs(counted - LIKERS), 'max', 0);
  budget('commits-without-server-time', undated, 'max', 0);
  for (const kind of LIKE_KINDS) {
    budget(`writes-per-10s/${kind}`, byServer.get(kind)?.writes ?? 0, 'max', WRITES_PER_WINDOW);
  }
  report('load-average-at-end', loadAverage());
  return verdict(started);
}

/** A new post with one comment by an author of its own: the comment to like. */
async function commentedPost(emulator: HostPort, admin: Store, name: string) {
  const title = 'Done deal: the striker signs until 2030';
  const post = await publishPost(admin, { title, content: 'Tell us.', imageUrl: '', link: '' });
  const author = googleUser(`${name}-author`, `${name}.author@example.com`);
  const comment = { user: author.email, text: 'Best signing in years.', date: 'today' };
  const view = await readThreadView(admin, post.id);
  if (!view) throw new Error('The post is missing');
  const store = client(emulator, author, liteSdk);
  const write = { postId: post.id, postTitle: title, view, comment, uid: author.sub };
  if ((await commitFanComment(store, write)).held !== null) throw new Error('Held for review');
  return { postId: post.id, liked: await commentId(post.id, comment) };
}

/**
 * A cold JVM runs Google's engine several times slower for its first few hundred commits, and
 * production is never cold: before the timeline, accounts of their own like a comment of a post of
 * its own through the same recipe, a few at once. Returns how many were refused.
 */
async function warmUp(emulator: HostPort, { postId, liked }: { postId: string; liked: string }) {
  let next = 0;
  let refused = 0;
  const worker = async () => {
    while (next < WARM_UP_LIKES) {
      next += 1;
      const persona = googleUser(`hot-like-warm-${next}`, `hot.like.warm.${next}@example.com`);
      const store = client(emulator, persona, liteSdk);
      const view = await readLikeView(store, postId, liked);
      if (!view) throw new Error('The warm-up comment is missing');
      const write = { postId, commentId: liked, uid: persona.sub, liked: true, view };
      await commitLike(store, write).catch(() => {
        refused += 1;
      });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return refused;
}

/** Fan `fan` opens the thread a second before their press, then presses 'Like' once. */
async function like(
  store: Store,
  uid: string,
  fan: number,
  start: number,
  postId: string,
  commentId: string,
): Promise<Press> {
  const pressAt = start + fan * STEP_MS;
  await sleepUntil(pressAt - OPEN_LEAD_MS);
  const press: Press = {
    fan,
    pressedAt: 0,
    doneAt: null,
    countedBy: null,
    retries: 0,
    error: null,
  };
  try {
    const view = await readLikeView(store, postId, commentId);
    if (!view) throw new Error('the comment is gone');
    await sleepUntil(pressAt);
    press.pressedAt = Date.now();
    const done = await commitLike(store, {
      postId,
      commentId,
      uid,
      liked: true,
      view,
      onRetry: () => {
        press.retries += 1;
      },
    });
    press.doneAt = Date.now();
    press.countedBy = done.folded ? `${done.countedBy} (folding)` : done.countedBy;
  } catch (error) {
    press.error = `${storeErrorCode(error)}: ${error instanceof Error ? error.message : String(error)}`;
  }
  return press;
}

/**
 * The emulator's owner (its rules do not apply): the likes are readable by their fans alone, and
 * the bench reads them all back.
 */
function ownerStore(emulator: { host: string; port: number }): Store {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'fake-api-key' }, 'hot-like-owner');
  const db = sdk.getFirestore(app);
  sdk.connectFirestoreEmulator(db, emulator.host, emulator.port, { mockUserToken: 'owner' });
  return { sdk: liteSdk, db };
}

/** Every like, its commit's server time by id, and the comment's count as stored. */
async function readBack(store: Store, postId: string, liked: string) {
  const { sdk: lite, db } = store;
  const byId = lite.orderBy(lite.documentId());
  const { docs: likes } = await pagesOf(store, [POSTS, postId, LIKES], byId);
  const { docs: counters } = await pagesOf(store, [POSTS, postId, LIKE_COUNTERS], byId);
  const comment = await lite.getDoc(lite.doc(db, POSTS, postId, THREAD, liked));
  const likedAt = new Map(likes.map((each) => [each.id, millis(each.get('at'), liteSdk)]));
  return {
    likes: likes.filter((each) => each.get('liked') === true && each.get('comment') === liked)
      .length,
    likedAt,
    own: Number(comment.get('likes') ?? 0),
    countersSum: counters.reduce((sum, counter) => sum + Number(counter.get('n')), 0),
    holding: counters.filter((counter) => counter.get('n') !== 0).length,
  };
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
