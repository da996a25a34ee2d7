/**
 * Replies (firestore.rules posts/{postId}/comments: a reply, its comment's count of replies, the
 * removed mark a comment with replies leaves): the app's recipes (commentCommits.ts commitComment
 * with `replyTo`, commentRemoval.ts commitRemoval) on Google's engine, and each attack beside its
 * twin, the recipe's own commit in the same state changed in exactly what the attack names.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as sdk from 'firebase/firestore/lite';
import { commitRemoval } from '../../../src/features/feed/store/commentRemoval';
import type { Comment } from '../../../src/shared/posts/post';
import {
  expectAllowed,
  expectDenied,
  startHarness,
  type Harness,
  type Persona,
} from '../../support/harness';
import { ADMIN, comment, FAN, OTHER_FAN } from '../../support/fixtures';
import {
  all,
  commentAs,
  drop,
  edit,
  exists,
  idOf,
  lastCommented,
  PATHS,
  postData,
  seedMarked,
  seedPost,
  storeOf,
  tampered,
  totalComments,
  type Tamper,
} from '../../support/thread';

let harness: Harness;
const TOP = comment(OTHER_FAN.email, 'Who is the new left back?');
const REPLY = comment(FAN.email, 'Quiroga, from Porto.');
/** Which write is to the comment answered, and which to the reply (both thread documents). */
const isTop = (path: string) => path.endsWith(`/comments/${topId}`);
const isReply = (path: string) => PATHS.thread(path) && !isTop(path);
let topId = '';

beforeAll(async () => {
  harness = await startHarness('demo-rules-thread-replies');
  topId = await idOf('p1', TOP);
});
afterAll(() => harness.close());
beforeEach(() => harness.clear());

/** p1 with the other fan's comment TOP, on a summary (`count` before it) or a marked post. */
async function seedTop(kind: 'summary' | 'marked'): Promise<void> {
  if (kind === 'summary') await seedPost(harness, 'p1', { count: 0 });
  else await seedMarked(harness);
  await commentAs(harness, OTHER_FAN, { comment: TOP });
}

function replyAs(persona: Persona, options: { tamper?: Tamper; replyTo?: string } = {}) {
  return commentAs(harness, persona, {
    comment: REPLY,
    replyTo: options.replyTo ?? topId,
    tamper: options.tamper,
  });
}

function removeAs(persona: Persona, item: Comment, tamper?: Tamper) {
  const store = storeOf(harness, persona);
  return commitRemoval(tamper ? tampered(store, tamper) : store, 'p1', item);
}

/** A thread document as a visitor reads it. */
async function thread(id: string): Promise<sdk.DocumentData> {
  const ref = sdk.doc(harness.client(null), 'posts', 'p1', 'comments', id);
  return (await sdk.getDoc(ref)).data() ?? {};
}

describe('a reply', () => {
  it('marks a post whose summary held the thread, and is counted by a counter', async () => {
    await seedTop('summary');
    const added = await replyAs(FAN);
    expect(added.countedBy).toBe('mark');
    expect((await postData(harness)).moreComments).toBe(true);
    expect(await totalComments(harness)).toBe(2);
    const top = await thread(topId);
    expect(top.replies).toBe(1);
    const reply = await thread(await idOf('p1', REPLY));
    expect(reply.replyTo).toBe(topId);
    expect(reply.at).toBeUndefined();
  });

  it('is counted by a counter on a marked post, and its comment counts it', async () => {
    await seedTop('marked');
    await lastCommented(harness, FAN.sub);
    expect((await replyAs(FAN)).countedBy).toBe('counter');
    expect(await totalComments(harness)).toBe(8 + 2);
    expect((await thread(topId)).replies).toBe(1);
  });

  it('is refused without its comment counting it, or counted twice', async () => {
    await seedTop('marked');
    const twice = edit(isTop, (data) => ({ ...data, replies: sdk.increment(2) }));
    await expectDenied(replyAs(FAN, { tamper: drop(isTop) }));
    await expectDenied(replyAs(FAN, { tamper: twice }));
    await expectAllowed(replyAs(FAN));
  });

  it('is refused with an `at` of its own (it would list as a comment) or without its counter', async () => {
    await seedTop('marked');
    const listed = edit(isReply, (data) => ({ ...data, at: sdk.serverTimestamp() }));
    await expectDenied(replyAs(FAN, { tamper: listed }));
    const uncounted = edit(isReply, ({ shard: _shard, ...data }) => data);
    await expectDenied(replyAs(FAN, { tamper: all(uncounted, drop(PATHS.counter)) }));
    await expectAllowed(replyAs(FAN));
  });

  it('is refused unless added at its commit’s time (open pages read replies by it)', async () => {
    await seedTop('marked');
    const later = sdk.Timestamp.fromMillis(4e12);
    await expectDenied(
      replyAs(FAN, { tamper: edit(isReply, (data) => ({ ...data, addedAt: later })) }),
    );
    await expectDenied(replyAs(FAN, { tamper: edit(isReply, ({ addedAt: _, ...data }) => data) }));
    await expectAllowed(replyAs(FAN));
  });

  it('answers a comment, never a reply, nor one of another post or a path', async () => {
    await seedTop('marked');
    await replyAs(FAN);
    const replyId = await idOf('p1', REPLY);
    await lastCommented(harness, OTHER_FAN.sub);
    const second = { comment: comment(OTHER_FAN.email, 'Agreed'), replyTo: replyId };
    await expectDenied(commentAs(harness, OTHER_FAN, second));
    await expectDenied(commentAs(harness, OTHER_FAN, { ...second, replyTo: `${topId}/x/y` }));
    await expectDenied(commentAs(harness, OTHER_FAN, { ...second, replyTo: 'p2_nothing' }));
    await expectAllowed(commentAs(harness, OTHER_FAN, { ...second, replyTo: topId }));
    expect((await thread(topId)).replies).toBe(2);
  });

  it('follows what a comment follows: its author only, an open post', async () => {
    await seedTop('marked');
    await expectDenied(
      commentAs(harness, FAN, { comment: comment(OTHER_FAN.email, 'Forged'), replyTo: topId }),
    );
    await seedPost(harness, 'p1', { count: 8, marked: true, fields: { closed: true } });
    await expectDenied(replyAs(FAN));
  });
});

describe('a reply, as any comment', () => {
  it('waits out the rate limit and is refused to a suspended account', async () => {
    await seedTop('marked');
    await lastCommented(harness, FAN.sub, 5);
    await expectDenied(replyAs(FAN));
    await lastCommented(harness, FAN.sub, 11);
    const until = new Date(Date.now() + 3_600_000);
    await harness.seed(`suspensions/${FAN.sub}`, { until, at: new Date(), user: FAN.email });
    await expectDenied(replyAs(FAN));
    expect((await thread(topId)).replies).toBeUndefined();
  });

  it("goes with the rest of an account's comments, one commit each ('Also remove all')", async () => {
    await seedTop('marked');
    const mine = comment(FAN.email, 'Mine, answered');
    await lastCommented(harness, FAN.sub);
    await commentAs(harness, FAN, { comment: mine });
    await lastCommented(harness, FAN.sub);
    await replyAs(FAN);
    await lastCommented(harness, OTHER_FAN.sub);
    const answer = comment(OTHER_FAN.email, 'Answering you');
    await commentAs(harness, OTHER_FAN, { comment: answer, replyTo: await idOf('p1', mine) });
    const before = await totalComments(harness);

    for (const item of [mine, REPLY]) await removeAs(ADMIN, item);
    expect(await thread(await idOf('p1', mine))).toMatchObject({ removed: true, replies: 1 });
    expect((await thread(topId)).replies).toBe(0);
    expect(await totalComments(harness)).toBe(before - 2);
    expect(await thread(await idOf('p1', answer))).toMatchObject({ text: answer.text });
  });
});

describe("a comment's count of replies", () => {
  it('cannot be raised or lowered by itself', async () => {
    await seedTop('marked');
    const db = harness.client(FAN);
    const ref = sdk.doc(db, 'posts', 'p1', 'comments', topId);
    await expectDenied(sdk.updateDoc(ref, { replies: 5, lastReply: 'x' }));
    await replyAs(FAN);
    const replyId = await idOf('p1', REPLY);
    await expectDenied(sdk.updateDoc(ref, { replies: 0, lastReply: replyId }));
    await expectDenied(sdk.updateDoc(ref, { replies: 2, lastReply: replyId }));
    expect((await thread(topId)).replies).toBe(1);
  });
});

describe('removing', () => {
  it("a reply: its author's, with its comment's count moved", async () => {
    await seedTop('marked');
    await replyAs(FAN);
    await expectDenied(removeAs(FAN, REPLY, drop(isTop)));
    expect(await removeAs(FAN, REPLY)).toEqual({
      countedBy: 'counter',
      markLeft: false,
      replyTo: topId,
    });
    expect((await thread(topId)).replies).toBe(0);
    expect(await totalComments(harness)).toBe(8 + 1);
  });

  it('a comment with replies leaves a mark with no author or text, its replies kept', async () => {
    await seedTop('summary');
    await replyAs(FAN);
    const deleted: Tamper = (writes) =>
      writes.map((write) => (isTop(write.path) ? { op: 'delete', path: write.path } : write));
    await expectDenied(removeAs(OTHER_FAN, TOP, deleted));
    await expectDenied(removeAs(FAN, TOP));
    expect(await removeAs(OTHER_FAN, TOP)).toEqual({
      countedBy: 'summary',
      markLeft: true,
      replyTo: null,
    });
    expect(await thread(topId)).toEqual({
      at: expect.anything(),
      addedAt: expect.anything(),
      replies: 1,
      lastReply: await idOf('p1', REPLY),
      removed: true,
    });
    expect(await totalComments(harness)).toBe(1);
    expect(await exists(harness, `comments/${topId}`)).toBe(false);
  });

  it('a mark keeps nothing of the comment, and is never uncounted again', async () => {
    await seedTop('marked');
    await replyAs(FAN);
    const keepsText = edit(isTop, (data) => ({ removed: data.removed }));
    await expectDenied(removeAs(ADMIN, TOP, keepsText));
    expect((await removeAs(ADMIN, TOP)).markLeft).toBe(true);
    const total = await totalComments(harness);
    const db = harness.client(ADMIN);
    await expectDenied(sdk.deleteDoc(sdk.doc(db, 'posts', 'p1', 'comments', topId)));
    expect(await removeAs(ADMIN, TOP)).toEqual({ countedBy: null, markLeft: false, replyTo: null });
    expect(await totalComments(harness)).toBe(total);
  });

  it('a reply to a removed comment still goes, and the mark stays', async () => {
    await seedTop('marked');
    await replyAs(FAN);
    await removeAs(ADMIN, TOP);
    await removeAs(FAN, REPLY);
    expect((await thread(topId)).replies).toBe(0);
    expect(await totalComments(harness)).toBe(8);
  });
});
