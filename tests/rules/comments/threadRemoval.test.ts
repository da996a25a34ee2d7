/**
 * Removing a thread's comment (firestore.rules posts/{postId}/comments delete, uncountsComment,
 * commentCounts, comments/{copyId} delete), and the posts of earlier versions whose comments are
 * still a list (legacy): each attack beside its twin, the app's recipes
 * (src/features/feed/store/commentCommits.ts commitComment, commentRemoval.ts commitRemoval) in
 * the same state.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as sdk from 'firebase/firestore/lite';
import { commentCopy } from '../../../src/features/feed/store/commentCommits';
import { commitRemoval } from '../../../src/features/feed/store/commentRemoval';
import { commentId } from '../../../src/features/comments/data/commentCopies';
import type { Comment } from '../../../src/shared/posts/post';
import { postStamp } from '../../../src/shared/store/postStamp';
import {
  expectAllowed,
  expectDenied,
  legacyPost,
  newPost,
  rejection,
  startHarness,
  type Harness,
  type Persona,
} from '../../support/harness';
import { ADMIN, comment, FAN, NOT_ADMIN, OTHER_FAN, TITLE } from '../../support/fixtures';
import { clearDeletedThread } from '../../../src/features/feed/store/postWrites';
import {
  commentAs,
  drop,
  edit,
  exists,
  idOf,
  PATHS,
  postData,
  seedMarked,
  seedPost,
  storeOf,
  tampered,
  threadIds,
  totalComments,
  type Tamper,
} from '../../support/thread';

let harness: Harness;
const MINE = comment(FAN.email);

beforeAll(async () => {
  harness = await startHarness('demo-rules-thread-removal');
});
afterAll(() => harness.close());
beforeEach(() => harness.clear());

/** `persona` removes `item` from p1 through the recipe, its commit changed by `tamper`. */
function removeAs(persona: Persona, item: Comment = MINE, tamper?: Tamper) {
  const store = storeOf(harness, persona);
  return commitRemoval(tamper ? tampered(store, tamper) : store, 'p1', item);
}

/** p1 with the fan's comment, counted by the post's summary or by a counter. */
async function seedWithFanComment(kind: 'summary' | 'counter'): Promise<number> {
  if (kind === 'summary') await seedPost(harness, 'p1', { count: 2 });
  else await seedMarked(harness);
  await commentAs(harness, FAN, { shard: 4 });
  return totalComments(harness);
}

describe.each(['summary', 'counter'] as const)('removing a comment counted by the %s', (kind) => {
  let before: number;
  beforeEach(async () => {
    before = await seedWithFanComment(kind);
  });

  it('lets the author remove it, with its copy and its count', async () => {
    expect((await removeAs(FAN)).countedBy).toBe(kind);
    expect(await totalComments(harness)).toBe(before - 1);
    expect(await threadIds(harness)).toEqual([]);
    expect(await exists(harness, `comments/${await commentId('p1', MINE)}`)).toBe(false);
  });

  it('denies another fan removing it; lets the administrator remove any', async () => {
    await expectDenied(removeAs(OTHER_FAN));
    await expectAllowed(removeAs(ADMIN));
    expect(await totalComments(harness)).toBe(before - 1);
  });

  const uncounted = kind === 'summary' ? PATHS.post : PATHS.counter;
  it.each<[string, Tamper]>([
    ['deleting it without uncounting it', drop(uncounted)],
    ['deleting it, keeping its copy', drop(PATHS.copy)],
    ['uncounting it without deleting it', drop(PATHS.thread)],
    [
      'uncounting it by 2',
      edit(uncounted, (data) =>
        kind === 'summary'
          ? { ...data, commentCount: sdk.increment(-2) }
          : { ...data, n: sdk.increment(-2) },
      ),
    ],
    [
      'uncounting it but leaving it on the card or its counter naming another',
      edit(uncounted, (data) =>
        kind === 'summary' ? { commentCount: data.commentCount } : { ...data, last: 'p1_x' },
      ),
    ],
  ])('denies %s (as its author); allows the twin', async (_, tamper) => {
    await expectDenied(removeAs(FAN, MINE, tamper));
    await expectAllowed(removeAs(FAN));
    expect(await totalComments(harness)).toBe(before - 1);
  });

  it('denies deleting its copy alone, or its thread document alone', async () => {
    const db = harness.client(FAN);
    const id = await commentId('p1', MINE);
    await expectDenied(sdk.deleteDoc(sdk.doc(db, 'comments', id)));
    await expectDenied(sdk.deleteDoc(sdk.doc(db, 'posts', 'p1', 'comments', id)));
    await expectDenied(sdk.deleteDoc(sdk.doc(harness.client(ADMIN), 'comments', id)));
    expect(await totalComments(harness)).toBe(before);
  });
});

describe('uncounting without a removal', () => {
  it('denies a fan lowering the post’s count, or a counter, naming nothing removed', async () => {
    await seedWithFanComment('summary');
    const db = harness.client(FAN);
    const id = await commentId('p1', MINE);
    const batch = sdk.writeBatch(db);
    batch.update(sdk.doc(db, 'posts', 'p1'), {
      commentCount: sdk.increment(-1),
      cardComments: sdk.arrayRemove(MINE),
    });
    batch.set(sdk.doc(db, 'postChanges', 'p1'), postStamp(sdk, id));
    await expectDenied(batch.commit());
    await seedMarked(harness);
    await expectDenied(
      sdk.setDoc(
        sdk.doc(db, 'posts', 'p1', 'commentCounts', '4'),
        { n: sdk.increment(-1), last: id },
        { merge: true },
      ),
    );
  });
});

describe('a deleted post', () => {
  it('lets the author remove a comment of a deleted post with its copy, nothing to uncount', async () => {
    await seedWithFanComment('counter');
    const admin = harness.client(ADMIN);
    const batch = sdk.writeBatch(admin);
    batch.delete(sdk.doc(admin, 'posts', 'p1'));
    batch.set(sdk.doc(admin, 'postChanges', 'p1'), postStamp(sdk));
    await expectAllowed(batch.commit());
    await removeAs(FAN);
    expect(await threadIds(harness)).toEqual([]);
  });

  /** p1, marked, with the fan's and the other fan's comments (counter 4), then deleted. */
  async function seedDeletedThread(): Promise<string[]> {
    await seedMarked(harness);
    await commentAs(harness, FAN, { shard: 4 });
    await commentAs(harness, OTHER_FAN, { shard: 4 });
    const ids = await threadIds(harness);
    const admin = harness.client(ADMIN);
    const batch = sdk.writeBatch(admin);
    batch.delete(sdk.doc(admin, 'posts', 'p1'));
    batch.set(sdk.doc(admin, 'postChanges', 'p1'), postStamp(sdk));
    await expectAllowed(batch.commit());
    return ids;
  }

  const left = async (ids: string[]) => ({
    thread: await threadIds(harness),
    copies: (await Promise.all(ids.map((id) => exists(harness, `comments/${id}`)))).filter(Boolean)
      .length,
    counter: await exists(harness, 'posts/p1/commentCounts/4'),
  });

  it("lets the administrator clear a deleted post's thread: comments, copies, counters", async () => {
    const ids = await seedDeletedThread();
    expect(await left(ids)).toEqual({ thread: ids, copies: 2, counter: true });
    await expectAllowed(clearDeletedThread(storeOf(harness, ADMIN), 'p1'));
    expect(await left(ids)).toEqual({ thread: [], copies: 0, counter: false });
  });

  it.each(Object.entries(NOT_ADMIN))(
    "refuses anyone else the clearing: %s cannot delete another's comment or a counter",
    async (_, persona) => {
      const ids = await seedDeletedThread();
      const db = harness.client(persona);
      const mine = await idOf('p1', MINE);
      const theirs = ids.find((id) => id !== mine);
      for (const id of persona === FAN ? [theirs] : ids) {
        await expectDenied(sdk.deleteDoc(sdk.doc(db, 'posts', 'p1', 'comments', String(id))));
      }
      await expectDenied(sdk.deleteDoc(sdk.doc(db, 'posts', 'p1', 'commentCounts', '4')));
      await expectDenied(clearDeletedThread(storeOf(harness, persona), 'p1'));
      expect(await left(ids)).toEqual({ thread: ids, copies: 2, counter: true });
    },
  );

  it('refuses the clearing while the post exists: its counters and uncounted comments stay', async () => {
    await seedWithFanComment('counter');
    const ids = await threadIds(harness);
    const db = harness.client(ADMIN);
    await expectDenied(sdk.deleteDoc(sdk.doc(db, 'posts', 'p1', 'commentCounts', '4')));
    await expectDenied(clearDeletedThread(storeOf(harness, ADMIN), 'p1'));
    expect(await left(ids)).toEqual({ thread: ids, copies: 1, counter: true });
  });
});

describe('posts of earlier versions (their comments still a list)', () => {
  const listed = (count: number) =>
    Array.from({ length: count }, (_, i) => comment(`old${i}@example.test`, `Old ${i}`));

  it.each([
    ['the spec’s shape (a list, no count)', 3, false],
    ['the summary’s shape (a list, its count and card)', 3, true],
    ['the summary’s shape at 400 comments', 400, true],
  ])(
    'takes a comment on a post of %s, and counts it beside the list',
    async (_, count, summarised) => {
      const comments = listed(count);
      const post = summarised
        ? newPost({
            comments,
            commentCount: count,
            cardComments: count <= 10 ? comments : [],
          })
        : legacyPost({ comments });
      await harness.seed('posts/p1', post);
      const added = await commentAs(harness, FAN, {
        view: { commentCount: summarised ? count : null, cardComments: [], moreComments: false },
      });
      expect(added.countedBy).toBe('mark');
      expect(await postData(harness)).toMatchObject({
        comments,
        commentCount: count,
        cardComments: [],
        moreComments: true,
      });
      expect(await totalComments(harness)).toBe(count + 1);
      expect(await threadIds(harness)).toEqual([await commentId('p1', MINE)]);
      // The next comment is counted by a counter, the list untouched.
      expect((await commentAs(harness, OTHER_FAN)).countedBy).toBe('counter');
      expect(await totalComments(harness)).toBe(count + 2);
    },
  );

  it('refuses to remove a comment still in the list, and its copy alone; removes a new one', async () => {
    const comments = listed(3);
    await harness.seed('posts/p1', legacyPost({ comments }));
    await commentAs(harness, FAN, {
      view: { commentCount: null, cardComments: [], moreComments: false },
    });
    const error = await rejection(removeAs(ADMIN, comments[1]));
    expect(error.code).toBe('old-thread');
    const copyId = await commentId('p1', comments[1]);
    const copy = { postId: 'p1', postTitle: TITLE, comment: comments[1], uid: 'old-1' };
    await harness.seed(`comments/${copyId}`, commentCopy(copy, new Date()));
    await expectDenied(sdk.deleteDoc(sdk.doc(harness.client(ADMIN), 'comments', copyId)));
    expect((await removeAs(FAN)).countedBy).toBe('counter');
    expect(await totalComments(harness)).toBe(3);
    expect((await postData(harness)).comments).toEqual(comments);
  });
});
