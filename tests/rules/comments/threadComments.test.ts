/**
 * A thread of documents (firestore.rules posts/{postId}/comments and commentCounts): the app's own
 * comment recipe (src/features/feed/store/commentCommits.ts) run by fans on Google's engine,
 * through each way a comment is counted (the post's summary, the mark, a counter), and the attacks
 * on the counting, each beside its twin: the recipe's own commit in the same state, which the
 * attack changes in exactly what it names (tests/support/thread.ts tampered).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as sdk from 'firebase/firestore/lite';
import { commitComment, type CommentWrite } from '../../../src/features/feed/store/commentCommits';
import { commitRemoval } from '../../../src/features/feed/store/commentRemoval';
import { commentId } from '../../../src/features/comments/data/commentCopies';
import type { CommentSummary } from '../../../src/shared/posts/post';
import { postStamp } from '../../../src/shared/store/postStamp';
import { LIMITS } from '../../../src/shared/limits';
import {
  expectAllowed,
  expectDenied,
  newPost,
  rejection,
  startHarness,
  type Harness,
} from '../../support/harness';
import { ADMIN, comment, FAN, TITLE } from '../../support/fixtures';
import { addDoc } from '../../support/stampedWrites';
import {
  add,
  all,
  cardOf,
  commentAs,
  drop,
  edit,
  fan,
  move,
  PATHS,
  postData,
  seedMarked,
  seedPost,
  storeOf,
  tampered,
  threadIds,
  totalComments,
  withFieldOnTheWire,
} from '../../support/thread';

let harness: Harness;

const store = (persona: ReturnType<typeof fan>) => storeOf(harness, persona);
const EMPTY: CommentSummary = { commentCount: 0, cardComments: [], moreComments: false };

async function createPost(): Promise<string> {
  const ref = await addDoc(sdk.collection(harness.client(ADMIN), 'posts'), newPost());
  return ref.id;
}

function write(postId: string, n: number, view: CommentSummary = EMPTY): CommentWrite {
  return {
    postId,
    postTitle: TITLE,
    view,
    comment: comment(fan(n).email, `Comment ${n}`),
    uid: fan(n).sub,
  };
}

async function counted(postId: string): Promise<number> {
  const counters = sdk.collection(harness.client(ADMIN), 'posts', postId, 'commentCounts');
  const sum = await sdk.getAggregate(sdk.query(counters), { n: sdk.sum('n') });
  return sum.data().n;
}

beforeAll(async () => {
  harness = await startHarness('demo-rules-thread');
});
afterAll(() => harness.close());
beforeEach(() => harness.clear());

describe('a thread of documents', () => {
  it('counts the first comments in the post, marks it, then counts in the counters', async () => {
    const postId = await createPost();
    let view = EMPTY;
    const total = LIMITS.cardComments + 3;
    for (let n = 1; n <= total; n += 1) {
      const added = await commitComment(store(fan(n)), write(postId, n, view));
      view = added.summary;
    }
    const post = await postData(harness, postId);
    expect(post.commentCount).toBe(LIMITS.cardComments);
    expect(post.moreComments).toBe(true);
    expect(post.cardComments).toEqual([]);
    expect(await counted(postId)).toBe(3);
    expect(await threadIds(harness, postId)).toHaveLength(total);
  });

  it('removes a comment of each kind with what counts it', async () => {
    const postId = await createPost();
    let view = EMPTY;
    for (let n = 1; n <= LIMITS.cardComments + 2; n += 1) {
      view = (await commitComment(store(fan(n)), write(postId, n, view))).summary;
    }
    const first = write(postId, 1).comment;
    const last = write(postId, LIMITS.cardComments + 2).comment;
    expect((await commitRemoval(store(fan(1)), postId, first)).countedBy).toBe('summary');
    expect((await commitRemoval(storeOf(harness, ADMIN), postId, last)).countedBy).toBe('counter');
    expect((await postData(harness, postId)).commentCount).toBe(LIMITS.cardComments - 1);
    expect(await counted(postId)).toBe(1);
    const gone = await sdk.getDoc(
      sdk.doc(harness.client(ADMIN), 'comments', await commentId(postId, last)),
    );
    expect(gone.exists()).toBe(false);
  });
});

describe('the post’s summary counts a comment: one more, appended to its card', () => {
  beforeEach(() => seedPost(harness, 'p1', { count: 2 }));

  it.each([
    [
      'moves the count by 2',
      edit(PATHS.post, (data) => ({ ...data, commentCount: sdk.increment(2) })),
    ],
    ['leaves the count as it was', edit(PATHS.post, (data) => ({ ...data, commentCount: 2 }))],
    ['sets the count to a string', edit(PATHS.post, (data) => ({ ...data, commentCount: '3' }))],
    ['leaves its card stale', edit(PATHS.post, ({ commentCount }) => ({ commentCount }))],
    [
      'puts another’s comment on the card',
      edit(PATHS.post, (data) => ({
        ...data,
        cardComments: sdk.arrayUnion(comment('other@example.test', 'Planted')),
      })),
    ],
    [
      'reorders the card',
      edit(PATHS.post, (data) => ({
        ...data,
        cardComments: [comment(FAN.email), ...cardOf(2)],
      })),
    ],
    ['leaves the post out (counted by nobody)', drop(PATHS.post)],
    ['also edits the content', edit(PATHS.post, (data) => ({ ...data, content: 'Hacked' }))],
    ['leaves its stamp out', drop(PATHS.stamp)],
    ['stamps without naming it', edit(PATHS.stamp, () => postStamp(sdk))],
  ])('denies a comment that %s (as fan); allows its twin', async (_, tamper) => {
    await expectDenied(commentAs(harness, FAN, { tamper }));
    const added = await commentAs(harness, FAN);
    expect(added.countedBy).toBe('summary');
    expect(await postData(harness)).toMatchObject({
      commentCount: 3,
      cardComments: [...cardOf(2), comment(FAN.email)],
    });
  });

  it('refuses a summary comment beyond 8: the recipe reads the post again and marks it', async () => {
    await seedPost(harness, 'p1', { count: LIMITS.cardComments });
    const onRetry = vi.fn();
    // The page's view is one comment old: the summary would count a ninth, which is refused.
    const stale = { commentCount: 7, cardComments: cardOf(7), moreComments: false };
    const added = await commentAs(harness, FAN, { view: stale, onRetry });
    expect(onRetry).toHaveBeenCalledOnce();
    expect(added.countedBy).toBe('mark');
    expect(await postData(harness)).toMatchObject({
      commentCount: LIMITS.cardComments,
      cardComments: [],
      moreComments: true,
    });
    expect(await totalComments(harness)).toBe(LIMITS.cardComments + 1);
  });

  it('refuses a comment counted by the summary on a marked post, and counts it by a counter', async () => {
    await seedMarked(harness);
    const onRetry = vi.fn();
    const added = await commentAs(harness, FAN, { view: EMPTY, onRetry });
    expect(onRetry).toHaveBeenCalledOnce();
    expect(added.countedBy).toBe('counter');
    expect((await postData(harness)).commentCount).toBe(LIMITS.cardComments);
    expect(await totalComments(harness)).toBe(LIMITS.cardComments + 1);
  });
});

describe('the mark', () => {
  beforeEach(() => seedPost(harness, 'p1', { count: LIMITS.cardComments }));

  it.each([
    ['drops the counter', drop(PATHS.counter)],
    ['keeps the card', edit(PATHS.post, (data) => ({ ...data, cardComments: cardOf(8) }))],
    ['resets the count', edit(PATHS.post, (data) => ({ ...data, commentCount: 0 }))],
    ['counts itself in the post too', edit(PATHS.post, (data) => ({ ...data, commentCount: 9 }))],
    ['leaves the post unmarked', drop(PATHS.post)],
  ])('denies a marking comment that %s (as fan); allows its twin', async (_, tamper) => {
    await expectDenied(commentAs(harness, FAN, { tamper }));
    expect((await commentAs(harness, FAN)).countedBy).toBe('mark');
  });

  it('denies the mark without a comment (as fan), whatever its stamp names', async () => {
    const mark = (comment?: string) => {
      const db = harness.client(FAN);
      const batch = sdk.writeBatch(db);
      batch.update(sdk.doc(db, 'posts', 'p1'), {
        moreComments: true,
        cardComments: [],
        commentCount: LIMITS.cardComments,
      });
      batch.set(sdk.doc(db, 'postChanges', 'p1'), postStamp(sdk, comment));
      return batch.commit();
    };
    await expectDenied(mark());
    await expectDenied(mark('p1_nothing'));
    await expectDenied(mark(`p1_${'0'.repeat(64)}`));
    expect((await commentAs(harness, FAN)).countedBy).toBe('mark');
  });
});

describe('a counter counts a comment: exactly one counter, one step, naming it', () => {
  beforeEach(() => seedMarked(harness));
  const shardPath = (shard: string) => `posts/p1/commentCounts/${shard}`;

  it.each([
    ['moves its counter by 2', edit(PATHS.counter, (data) => ({ ...data, n: sdk.increment(2) }))],
    ['moves its counter by 0', edit(PATHS.counter, (data) => ({ ...data, n: sdk.increment(0) }))],
    ['leaves its counter out', drop(PATHS.counter)],
    [
      'names another comment on its counter',
      edit(PATHS.counter, (data) => ({ ...data, last: 'p1_x' })),
    ],
    ['gives its counter an extra field', edit(PATHS.counter, (data) => ({ ...data, extra: 1 }))],
    [
      'gives its counter a key named constructor',
      edit(PATHS.counter, (data) => ({ ...data, constructor: 'x' })),
    ],
    ['gives itself an extra field', edit(PATHS.thread, (data) => ({ ...data, likes: 0 }))],
    // Open pages read what was added after the last they read: a later `addedAt` would hide
    // the comments after it, an earlier or none would hide this one.
    [
      'says it was added later than its commit',
      edit(PATHS.thread, (data) => ({ ...data, addedAt: sdk.Timestamp.fromMillis(4e12) })),
    ],
    ['says when it was added not at all', edit(PATHS.thread, ({ addedAt: _, ...data }) => data)],
    [
      'gives itself a key named constructor',
      edit(PATHS.thread, (data) => ({ ...data, constructor: 'x' })),
    ],
    [
      'counts itself in the post as well',
      add(() => [{ op: 'update', path: 'posts/p1', data: { commentCount: sdk.increment(1) } }]),
    ],
    [
      'names shard 0 but moves counter 00 (int() would read it as 0)',
      move(PATHS.counter, shardPath('00')),
    ],
    [
      'names shard "0" (a string)',
      all(
        edit(PATHS.thread, (data) => ({ ...data, shard: '0' })),
        move(PATHS.counter, shardPath('0')),
      ),
    ],
  ])('denies a comment that %s (as fan); allows its twin', async (_, tamper) => {
    await expectDenied(commentAs(harness, FAN, { shard: 0, tamper }));
    expect((await commentAs(harness, FAN, { shard: 0 })).countedBy).toBe('counter');
    expect(await totalComments(harness)).toBe(LIMITS.cardComments + 1);
  });

  it.each([64, -1, 1.5])(
    'denies a comment of shard %s (as fan); allows shard 63',
    async (shard) => {
      await expectDenied(commentAs(harness, FAN, { shard }));
      await commentAs(harness, FAN, { shard: 63 });
      expect(await totalComments(harness)).toBe(LIMITS.cardComments + 1);
    },
  );

  it('denies a counter moved without a comment, by one or naming a stored comment', async () => {
    await commentAs(harness, fan(1), { shard: 5 });
    const stored = await commentId('p1', comment(fan(1).email));
    const db = harness.client(FAN);
    const move = (shard: string, last: string) =>
      sdk.setDoc(
        sdk.doc(db, 'posts', 'p1', 'commentCounts', shard),
        { n: sdk.increment(1), last },
        { merge: true },
      );
    await expectDenied(move('5', stored));
    await expectDenied(move('6', stored));
    await expectDenied(move('7', 'p1_nothing'));
    expect(await totalComments(harness)).toBe(LIMITS.cardComments + 1);
  });

  it('denies two comments in one commit under one counter move (as fan)', async () => {
    const second = comment(FAN.email, 'And another');
    const secondId = await commentId('p1', second);
    const tamper = add((writes) =>
      writes
        .filter((each) => PATHS.thread(each.path) || PATHS.copy(each.path))
        .map((each) => ({
          ...each,
          path: each.path.replace(/[^/]+$/, secondId),
          data: { ...each.data, text: second.text },
        })),
    );
    await expectDenied(commentAs(harness, FAN, { shard: 0, tamper }));
    await commentAs(harness, FAN, { shard: 0 });
    expect(await threadIds(harness)).toHaveLength(1);
  });

  // Firestore reserves field names that begin and end with `__`: Google's engine refuses the
  // write before the rules (production documents the same), so it is never stored.
  it('refuses a key named __proto__ sent over the wire, in the comment or its counter', async () => {
    const proto = { integerValue: '1' };
    for (const which of [PATHS.thread, PATHS.counter]) {
      const error = await rejection(
        withFieldOnTheWire(which, '__proto__', proto, () => commentAs(harness, FAN)),
      );
      expect(error.message).toMatch(/__proto__ is reserved/);
    }
    expect(await threadIds(harness)).toEqual([]);
    await expectAllowed(commentAs(harness, FAN));
  });
});

// The administrator's post stamp passes without the post changing (postChanges stampsPost:
// postWrittenByAdmin), so a thread document without a shard asks that the post's count moved
// (isCounted): else the administrator could add a comment counted by nothing, or remove one
// without uncounting it.
describe('the administrator’s comments are counted too', () => {
  beforeEach(() => seedPost(harness, 'p1', { count: 2 }));

  it('denies the administrator a summary comment that leaves the post as it was', async () => {
    await expectDenied(commentAs(harness, ADMIN, { tamper: drop(PATHS.post) }));
  });

  it('denies the administrator removing a summary comment without uncounting it', async () => {
    await commentAs(harness, FAN);
    const store = tampered(storeOf(harness, ADMIN), drop(PATHS.post));
    await expectDenied(commitRemoval(store, 'p1', comment(FAN.email)));
  });

  it('allows the twins, the recipe’s, which keep the count', async () => {
    await commentAs(harness, ADMIN);
    await commitRemoval(storeOf(harness, ADMIN), 'p1', comment(ADMIN.email));
    expect(await totalComments(harness)).toBe(2);
  });
});
