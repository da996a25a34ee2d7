/**
 * What a thread costs its readers (firestore.rules stampsIfQuiet, postChanges stampsThread,
 * isPageQuery): a busy thread stamps its post at most once in 10 seconds and must stamp it then,
 * so open pages neither read the post again for nothing nor miss a change; and the thread is read
 * a page at a time, its count in one aggregation. Each attack beside the app's recipe
 * (src/features/feed/store/commentCommits.ts) in the same state.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as sdk from 'firebase/firestore/lite';
import { commitRemoval } from '../../../src/features/feed/store/commentRemoval';
import { commentId } from '../../../src/features/comments/data/commentCopies';
import { LIMITS } from '../../../src/shared/limits';
import { expectAllowed, expectDenied, startHarness, type Harness } from '../../support/harness';
import { comment, FAN, OTHER_FAN } from '../../support/fixtures';
import {
  add,
  commentAs,
  drop,
  edit,
  fan,
  PATHS,
  seedMarked,
  seedStamp,
  storeOf,
  tampered,
  totalComments,
  type Tamper,
} from '../../support/thread';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness('demo-rules-thread-stamps');
});
afterAll(() => harness.close());
beforeEach(async () => {
  await harness.clear();
  await seedMarked(harness);
});

/** The post's stamp as stored. */
async function stamp(): Promise<sdk.DocumentData> {
  return (await sdk.getDoc(sdk.doc(harness.client(null), 'postChanges', 'p1'))).data() ?? {};
}

/** The stamp written in the commit, naming the comment: what a quiet thread's commit adds. */
const thread = (path = 'postChanges/p1') =>
  add((writes) => [
    {
      op: 'set',
      path,
      merge: true,
      data: {
        at: sdk.serverTimestamp(),
        comment: writes
          .find((each) => PATHS.thread(each.path))
          ?.path.split('/')
          .at(-1),
      },
    },
  ]);

describe('a counted comment on a busy thread (its stamp under 10 seconds old)', () => {
  beforeEach(() => seedStamp(harness, 'p1', 2));

  it('leaves the stamp as it is, as the recipe does', async () => {
    const before = await stamp();
    await expectAllowed(commentAs(harness, FAN));
    expect(await stamp()).toEqual(before);
  });

  it('denies stamping it again (every open page would read the post), allows the twin', async () => {
    await expectDenied(commentAs(harness, FAN, { tamper: thread() }));
    await expectAllowed(commentAs(harness, FAN));
  });

  // A removal always stamps, naming the comment, so open pages showing it drop it at their next
  // check; a fresh stamp does not excuse it.
  it('denies a removal that leaves the fresh stamp alone, allows the twin, which stamps', async () => {
    await commentAs(harness, FAN);
    const store = storeOf(harness, FAN);
    await expectDenied(commitRemoval(tampered(store, drop(PATHS.stamp)), 'p1', comment(FAN.email)));
    await expectAllowed(commitRemoval(store, 'p1', comment(FAN.email)));
    expect((await stamp()).comment).toBe(await commentId('p1', comment(FAN.email)));
  });
});

describe('a counted comment on a quiet thread (its stamp 10 seconds old or more)', () => {
  beforeEach(() => seedStamp(harness, 'p1', 11));

  it('stamps it naming the comment, keeping the post’s own time, as the recipe does', async () => {
    const before = await stamp();
    await expectAllowed(commentAs(harness, FAN));
    const after = await stamp();
    expect(after.comment).toBe(await commentId('p1', comment(FAN.email)));
    expect(after.postAt).toEqual(before.postAt);
    expect(after.at.toMillis()).toBeGreaterThan(before.at.toMillis());
  });

  it.each<[string, Tamper]>([
    ['skips the stamp it must write', drop(PATHS.stamp)],
    [
      'stamps naming another comment',
      edit(PATHS.stamp, (data) => ({ ...data, comment: `p1_${'b'.repeat(64)}` })),
    ],
    ['stamps naming nothing', edit(PATHS.stamp, ({ at }) => ({ at }))],
    ['stamps the post’s own time too', edit(PATHS.stamp, (data) => ({ ...data, postAt: data.at }))],
    [
      'stamps at a time it chose',
      edit(PATHS.stamp, (data) => ({ ...data, at: sdk.Timestamp.now() })),
    ],
    ['stamps with an extra field', edit(PATHS.stamp, (data) => ({ ...data, by: 'fan' }))],
    ['stamps another post', thread('postChanges/p2')],
  ])('denies a comment that %s (as fan); allows its twin', async (_, tamper) => {
    await expectDenied(commentAs(harness, FAN, { tamper }));
    await expectAllowed(commentAs(harness, FAN));
  });
});

describe('a stamp of the thread alone', () => {
  const stampThread = (id: string) =>
    sdk.setDoc(
      sdk.doc(harness.client(OTHER_FAN), 'postChanges', 'p1'),
      { at: sdk.serverTimestamp(), comment: id },
      { merge: true },
    );

  it('denies a stamp naming a comment that did not change, old stamp or new', async () => {
    await commentAs(harness, FAN);
    const stored = await commentId('p1', comment(FAN.email));
    await seedStamp(harness, 'p1', 11);
    await expectDenied(stampThread(stored));
    await expectDenied(stampThread(`p1_${'c'.repeat(64)}`));
    await seedStamp(harness, 'p1', 2);
    await expectDenied(stampThread(stored));
  });

  it('denies a stamp of a post that has none yet, naming nothing that changed', async () => {
    await expectDenied(stampThread('p1_x'));
  });
});

describe('reading the thread: pages and aggregations', () => {
  const db = () => harness.client(null);
  const threadOf = () => sdk.collection(db(), 'posts', 'p1', 'comments');
  const counters = () => sdk.collection(db(), 'posts', 'p1', 'commentCounts');

  beforeEach(async () => {
    for (let n = 1; n <= 3; n += 1) await commentAs(harness, fan(n));
  });

  it('lets anyone read a page of up to 50, by the thread’s order', async () => {
    const page = await sdk.getDocs(sdk.query(threadOf(), sdk.orderBy('at'), sdk.limit(50)));
    expect(page.size).toBe(3);
  });

  it('denies a page of 51 or without a limit', async () => {
    await expectDenied(sdk.getDocs(sdk.query(threadOf(), sdk.limit(51))));
    await expectDenied(sdk.getDocs(threadOf()));
  });

  it('denies a page with an offset (every skipped document is billed)', async () => {
    const page = (offset: number) =>
      harness.rest(
        'runQuery',
        { structuredQuery: { from: [{ collectionId: 'comments' }], limit: 50, offset } },
        { parent: 'posts/p1' },
      );
    expect((await page(0)).status).toBe(200);
    expect((await page(1)).status).toBe(403);
  });

  it('sums the counters in one aggregation; denies counting the thread without a limit', async () => {
    const sum = await sdk.getAggregate(counters(), { n: sdk.sum('n') });
    expect(sum.data().n).toBe(3);
    expect(await totalComments(harness)).toBe(LIMITS.cardComments + 3);
    await expectDenied(sdk.getCount(threadOf()));
    await expectAllowed(sdk.getCount(sdk.query(threadOf(), sdk.limit(50))));
  });
});
