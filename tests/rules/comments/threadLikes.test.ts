/**
 * Likes (firestore.rules posts/{postId}/likes, likeCounts, and a thread document's `likes`): the
 * app's recipe (likeCommits.ts commitLike) on Google's engine, each attack beside its twin, the
 * recipe's own commit in the same state changed in exactly what the attack names.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as sdk from 'firebase/firestore/lite';
import {
  commitLike,
  readLikeView,
  type LikeCountedBy,
} from '../../../src/features/feed/store/likeCommits';
import {
  expectAllowed,
  expectDenied,
  googleUser,
  startHarness,
  type Harness,
  type Persona,
} from '../../support/harness';
import { ADMIN, comment, FAN, OTHER_FAN } from '../../support/fixtures';
import { clearDeletedThread } from '../../../src/features/feed/store/postWrites';
import { postStamp } from '../../../src/shared/store/postStamp';
import {
  add,
  commentAs,
  drop,
  edit,
  exists,
  idOf,
  lastCommented,
  move,
  PATHS,
  postData,
  seedMarked,
  seedPost,
  storeOf,
  tampered,
  type Tamper,
} from '../../support/thread';

let harness: Harness;
const THIRD_FAN = googleUser('fan-4', 'third@example.test');
const TOP = comment(OTHER_FAN.email, 'Best signing of the window.');
let topId = '';
const isLike = (path: string) => /^posts\/p1\/likes\/[^/]+$/.test(path);
const isCounter = (path: string) => /^posts\/p1\/likeCounts\/[^/]+$/.test(path);

beforeAll(async () => {
  harness = await startHarness('demo-rules-thread-likes');
  topId = await idOf('p1', TOP);
});
afterAll(() => harness.close());
beforeEach(() => harness.clear());

/** p1 with the other fan's comment TOP, on a summary or a marked post. */
async function seedTop(kind: 'summary' | 'marked' = 'marked'): Promise<void> {
  if (kind === 'summary') await seedPost(harness, 'p1', { count: 0 });
  else await seedMarked(harness);
  await commentAs(harness, OTHER_FAN, { comment: TOP });
}

/** TOP's document with fields over it (its like count as if earlier likes had moved it). */
async function seedTopFields(fields: Record<string, unknown>): Promise<void> {
  const top = await thread(`comments/${topId}`);
  await harness.seed(`posts/p1/comments/${topId}`, { ...top, ...fields });
}

interface LikeOptions {
  liked?: boolean;
  tamper?: Tamper;
  commentId?: string;
  shard?: number;
  countedBy?: LikeCountedBy;
}

/** `persona` likes (or takes back) TOP through the recipe, from a view read as a page would. */
async function likeAs(persona: Persona | null, options: LikeOptions = {}): Promise<LikeCountedBy> {
  const plain = storeOf(harness, persona);
  const store = options.tamper ? tampered(plain, options.tamper) : plain;
  const commentId = options.commentId ?? topId;
  const view = await readLikeView(storeOf(harness, FAN), 'p1', commentId);
  if (!view) throw new Error(`${commentId} is missing`);
  const committed = await commitLike(store, {
    postId: 'p1',
    commentId,
    uid: persona?.sub ?? 'nobody',
    liked: options.liked ?? true,
    view,
    shard: options.shard,
    countedBy: options.countedBy,
  });
  return committed.countedBy;
}

/** A document under p1 as the administrator's seed sees it. */
async function thread(path: string): Promise<sdk.DocumentData> {
  const ref = sdk.doc(harness.client(null), 'posts', 'p1', ...path.split('/'));
  return (await sdk.getDoc(ref)).data() ?? {};
}

/** TOP's likes as a reader counts them: its own count and its counters'. */
async function likesOfTop(): Promise<number> {
  const db = harness.client(null);
  const counters = await sdk.getDocs(
    sdk.query(sdk.collection(db, 'posts', 'p1', 'likeCounts'), sdk.limit(50)),
  );
  const pending = counters.docs
    .filter((counter) => counter.get('comment') === topId)
    .reduce((sum, counter) => sum + Number(counter.get('n')), 0);
  return Number((await thread(`comments/${topId}`)).likes ?? 0) + pending;
}

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000);

describe('a like', () => {
  it('is counted on the comment, taken back, and made again', async () => {
    await seedTop();
    expect(await likeAs(FAN)).toBe('comment');
    expect(await likesOfTop()).toBe(1);
    await seedTopFields({ likedAt: secondsAgo(11) });
    await likeAs(FAN, { liked: false });
    expect(await likesOfTop()).toBe(0);
    await seedTopFields({ likedAt: secondsAgo(11) });
    await likeAs(FAN);
    expect(await likesOfTop()).toBe(1);
  });

  it('within a second of the last goes to a counter, and the sum stays true', async () => {
    await seedTop();
    await likeAs(FAN);
    expect(await likeAs(THIRD_FAN)).toBe('counter');
    expect(await likesOfTop()).toBe(2);
    expect(await likeAs(THIRD_FAN, { liked: false })).toBe('counter');
    expect(await likesOfTop()).toBe(1);
  });

  it("moves a counter's likes into the comment's count ('Most liked' keeps up)", async () => {
    await seedTop();
    await likeAs(FAN);
    await likeAs(THIRD_FAN, { shard: 5 });
    await seedTopFields({ likedAt: secondsAgo(11) });
    await likeAs(googleUser('fan-5', 'fifth@example.test'));
    expect((await thread(`comments/${topId}`)).likes).toBe(3);
    expect((await thread(`likeCounts/${topId}_5`)).n).toBe(0);
    expect(await likesOfTop()).toBe(3);
  });

  it('marks a post whose card showed the comment inline, keeping its count', async () => {
    await seedTop('summary');
    expect((await postData(harness)).moreComments).toBeUndefined();
    await likeAs(FAN);
    const post = await postData(harness);
    expect(post.moreComments).toBe(true);
    expect(post.commentCount).toBe(1);
    expect(post.cardComments).toEqual([]);
  });

  it('is refused when the mark it makes changes the count', async () => {
    await seedTop('summary');
    const recount = edit(PATHS.post, (data) => ({ ...data, commentCount: 0 }));
    await expectDenied(likeAs(FAN, { tamper: recount, countedBy: 'comment' }));
    await expectAllowed(likeAs(FAN));
  });

  it('is read back by its fan alone', async () => {
    await seedTop();
    await likeAs(FAN);
    const mine = (persona: Persona) =>
      sdk.getDocs(
        sdk.query(
          sdk.collection(harness.client(persona), 'posts', 'p1', 'likes'),
          sdk.where('user', '==', persona.sub),
          sdk.limit(50),
        ),
      );
    const own = await mine(FAN);
    expect(own.docs.map((like) => like.data())).toEqual([
      { user: FAN.sub, comment: topId, liked: true, at: expect.any(sdk.Timestamp) },
    ]);
    const everyone = sdk.query(
      sdk.collection(harness.client(THIRD_FAN), 'posts', 'p1', 'likes'),
      sdk.limit(50),
    );
    await expectDenied(sdk.getDocs(everyone));
    await expectDenied(sdk.getDocs(sdk.query(everyone, sdk.where('user', '==', FAN.sub))));
  });
});

describe('a like, attacked', () => {
  it('is refused on the fan’s own comment, to a visitor, and to a suspended fan', async () => {
    await seedTop();
    await expectDenied(likeAs(OTHER_FAN));
    await expectDenied(likeAs(null));
    await harness.seed(`suspensions/${FAN.sub}`, { until: null, at: new Date(), user: FAN.email });
    await expectDenied(likeAs(FAN));
    await expectAllowed(likeAs(THIRD_FAN));
  });

  it('may be taken back by a fan suspended since', async () => {
    await seedTop();
    await likeAs(FAN);
    await harness.seed(`suspensions/${FAN.sub}`, { until: null, at: new Date(), user: FAN.email });
    await seedTopFields({ likedAt: secondsAgo(11) });
    await expectAllowed(likeAs(FAN, { liked: false }));
    expect(await likesOfTop()).toBe(0);
  });

  it('is one per account: a second like, or one in another fan’s name, is refused', async () => {
    await seedTop();
    await likeAs(FAN);
    await seedTopFields({ likedAt: secondsAgo(11) });
    await expectDenied(likeAs(FAN));
    const forged = edit(isLike, (data) => ({ ...data, user: THIRD_FAN.sub }));
    await expectDenied(likeAs(googleUser('fan-5', 'fifth@example.test'), { tamper: forged }));
    const renamed = move(isLike, `posts/p1/likes/${topId}_${THIRD_FAN.sub}`);
    await expectDenied(likeAs(googleUser('fan-5', 'fifth@example.test'), { tamper: renamed }));
    await expectAllowed(likeAs(THIRD_FAN));
    expect(await likesOfTop()).toBe(2);
  });

  it('is refused uncounted, counted twice, or counted by more than one', async () => {
    await seedTop();
    const once = { countedBy: 'comment' } as const;
    await expectDenied(likeAs(FAN, { ...once, tamper: drop((path) => path.endsWith(topId)) }));
    const byTwo = edit(
      (path) => path.endsWith(topId),
      (data) => ({ ...data, likes: sdk.increment(2) }),
    );
    await expectDenied(likeAs(FAN, { ...once, tamper: byTwo }));
    const alsoCounter = add(() => [
      {
        op: 'set',
        path: `posts/p1/likeCounts/${topId}_3`,
        data: { comment: topId, shard: 3, n: sdk.increment(1) },
        merge: true,
      },
    ]);
    await expectDenied(likeAs(FAN, { ...once, tamper: alsoCounter }));
    await expectAllowed(likeAs(FAN, once));
    const counter = { countedBy: 'counter' } as const;
    await expectDenied(likeAs(THIRD_FAN, { ...counter, tamper: drop(isCounter) }));
    const counterByTwo = edit(isCounter, (data) => ({ ...data, n: sdk.increment(2) }));
    await expectDenied(likeAs(THIRD_FAN, { ...counter, tamper: counterByTwo }));
    const alsoComment = add(() => [
      {
        op: 'update',
        path: `posts/p1/comments/${topId}`,
        data: { likes: sdk.increment(1), likedAt: sdk.serverTimestamp(), likeFold: -1 },
      },
    ]);
    await seedTopFields({ likedAt: secondsAgo(11) });
    await expectDenied(likeAs(THIRD_FAN, { ...counter, tamper: alsoComment }));
    await expectAllowed(likeAs(THIRD_FAN, counter));
    expect(await likesOfTop()).toBe(2);
  });

  it('cannot raise or lower a count without a like: the comment’s, a counter’s, a fold', async () => {
    await seedTop();
    await likeAs(FAN);
    const db = harness.client(THIRD_FAN);
    const top = sdk.doc(db, 'posts', 'p1', 'comments', topId);
    await expectDenied(
      sdk.updateDoc(top, {
        likes: sdk.increment(5),
        likedAt: sdk.serverTimestamp(),
        likeFold: -1,
      }),
    );
    const counter = sdk.doc(db, 'posts', 'p1', 'likeCounts', `${topId}_1`);
    await expectDenied(sdk.setDoc(counter, { comment: topId, shard: 1, n: 7 }));
    await likeAs(THIRD_FAN, { shard: 1 });
    await expectDenied(sdk.updateDoc(counter, { n: 0 }));
    expect(await likesOfTop()).toBe(2);
  });

  it('refuses a fold of a count it does not hold, and falls back to a counter', async () => {
    await seedTop();
    await likeAs(FAN);
    await likeAs(THIRD_FAN, { shard: 2 });
    await seedTopFields({ likedAt: secondsAgo(11) });
    const plain = storeOf(harness, googleUser('fan-5', 'fifth@example.test'));
    const view = { likedAt: null, pending: { shard: 2, n: 4 } };
    const write = { postId: 'p1', commentId: topId, uid: 'fan-5', liked: true, view };
    expect((await commitLike(plain, write)).countedBy).toBe('counter');
    expect(await likesOfTop()).toBe(3);
  });

  it('takes the comment’s own count at most once a second', async () => {
    await seedTop();
    await likeAs(FAN);
    const plain = storeOf(harness, THIRD_FAN);
    const stale = { likedAt: null, pending: null };
    const write = { postId: 'p1', commentId: topId, uid: THIRD_FAN.sub, liked: true, view: stale };
    const counted: LikeCountedBy[] = [];
    const committed = await commitLike(plain, { ...write, onRetry: () => counted.push('comment') });
    counted.push(committed.countedBy);
    expect(counted).toEqual(['comment', 'counter']);
  });

  it('is refused on a removed mark, a post not marked, and with keys beyond its own', async () => {
    await seedTop('summary');
    await expectDenied(
      likeAs(FAN, {
        tamper: drop((path) => PATHS.post(path) || PATHS.stamp(path)),
        countedBy: 'comment',
      }),
    );
    await expectDenied(
      likeAs(FAN, { tamper: edit(isLike, (data) => ({ ...data, constructor: 'Object' })) }),
    );
    await expectAllowed(likeAs(FAN));
    await seedTopFields({ removed: true, replies: 1 });
    await expectDenied(likeAs(THIRD_FAN));
  });

  it('is not taken by a reply or a comment written later by the same fan', async () => {
    await seedTop();
    await lastCommented(harness, FAN.sub);
    const reply = comment(FAN.email, 'Agreed');
    await commentAs(harness, FAN, { comment: reply, replyTo: topId });
    const replyId = await idOf('p1', reply);
    await expectDenied(likeAs(FAN, { commentId: replyId }));
    await expectAllowed(likeAs(OTHER_FAN, { commentId: replyId }));
    expect((await thread(`comments/${replyId}`)).likes).toBe(1);
  });
});

describe("a deleted post's likes", () => {
  it('go with its thread, cleared by the administrator alone', async () => {
    await seedTop();
    await likeAs(FAN);
    await likeAs(THIRD_FAN, { countedBy: 'counter', shard: 4 });
    const admin = harness.client(ADMIN);
    const batch = sdk.writeBatch(admin);
    batch.delete(sdk.doc(admin, 'posts', 'p1'));
    batch.set(sdk.doc(admin, 'postChanges', 'p1'), postStamp(sdk));
    await batch.commit();
    const likePath = `posts/p1/likes/${topId}_${FAN.sub}`;
    const counterPath = `posts/p1/likeCounts/${topId}_4`;
    const fan = harness.client(FAN);
    await expectDenied(sdk.deleteDoc(sdk.doc(fan, likePath)));
    await expectDenied(sdk.deleteDoc(sdk.doc(fan, counterPath)));
    await expectDenied(clearDeletedThread(storeOf(harness, FAN), 'p1'));
    await expectAllowed(clearDeletedThread(storeOf(harness, ADMIN), 'p1'));
    expect(await exists(harness, likePath)).toBe(false);
    expect(await exists(harness, counterPath)).toBe(false);
  });
});
