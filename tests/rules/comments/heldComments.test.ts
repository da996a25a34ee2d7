/**
 * Held for review (firestore.rules mustBeHeld, heldComments, approvals, reviewSettings): the app's
 * recipe (heldCommits.ts commitFanComment, commitApproval, commitRejection) on Google's engine,
 * and each attack beside its twin. A fan who ignores the club's choices calls the comment recipe
 * itself (commentAs: commitComment, no review), which is what a hostile page would send.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as sdk from 'firebase/firestore/lite';
import {
  commitApproval,
  commitFanComment,
  commitRejection,
  commitReviewSettings,
  heldOf,
  type HeldComment,
} from '../../../src/features/feed/store/heldCommits';
import { readThreadView } from '../../../src/features/feed/store/commentCommits';
import { clearDeletedThread, commitDeletion } from '../../../src/features/feed/store/postWrites';
import { suspectWord } from '../../../src/features/comments/data/review';
import type { Comment } from '../../../src/shared/posts/post';
import {
  expectAllowed,
  expectDenied,
  startHarness,
  type Harness,
  type Persona,
} from '../../support/harness';
import { ADMIN, comment, FAN, NOT_ADMIN, OTHER_FAN, TITLE } from '../../support/fixtures';
import {
  commentAs,
  edit,
  exists,
  idOf,
  lastCommented,
  seedMarked,
  seedPost,
  storeOf,
  tampered,
  threadIds,
  totalComments,
  type Tamper,
} from '../../support/thread';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness('demo-rules-held-comments');
});
afterAll(() => harness.close());
beforeEach(() => harness.clear());

const isHeldDoc = (path: string) => path.startsWith('heldComments/');

function settings(holdFirst: boolean, words: string[] = []) {
  return harness.seed('reviewSettings/current', { holdFirst, words });
}

const approve = (persona: Persona) =>
  harness.seed(`approvals/${persona.sub}`, { postId: 'p0', comment: 'c0', at: new Date() });

/** `persona` comments as the app does: held when the club holds it, else published. */
async function fanWrites(
  persona: Persona & { email: string },
  item: Comment,
  options: { replyTo?: string; tamper?: Tamper } = {},
) {
  const plain = storeOf(harness, persona);
  const store = options.tamper ? tampered(plain, options.tamper) : plain;
  const view = await readThreadView(plain, 'p1');
  if (!view) throw new Error('posts/p1 is missing');
  return commitFanComment(store, {
    postId: 'p1',
    postTitle: TITLE,
    view,
    comment: item,
    uid: persona.sub,
    replyTo: options.replyTo,
  });
}

/** The held comment as the moderation view reads it (the administrator's read). */
async function held(item: Comment): Promise<HeldComment> {
  const store = storeOf(harness, ADMIN);
  const all = sdk.query(sdk.collection(store.db, 'heldComments'), sdk.limit(50));
  const id = await idOf('p1', item);
  const found = (await sdk.getDocs(all)).docs.find((each) => each.id === id);
  const read = found && heldOf(found);
  if (!read) throw new Error(`${id} is not held`);
  return read;
}

function heldRef(persona: Persona | null, id: string) {
  return sdk.doc(harness.client(persona), 'heldComments', id);
}

describe('the club’s choices', () => {
  it('are written by the administrator alone, and read by signed-in fans, not visitors', async () => {
    const words = ['word'];
    await expectAllowed(commitReviewSettings(storeOf(harness, ADMIN), { holdFirst: true, words }));
    for (const persona of Object.values(NOT_ADMIN)) {
      const store = storeOf(harness, persona);
      await expectDenied(commitReviewSettings(store, { holdFirst: false, words: [] }));
    }
    const ref = (persona: Persona | null) =>
      sdk.doc(harness.client(persona), 'reviewSettings/current');
    await expectAllowed(sdk.getDoc(ref(FAN)));
    await expectDenied(sdk.getDoc(ref(null)));
  });

  it('hold at most 200 words, none empty, each once', async () => {
    const store = storeOf(harness, ADMIN);
    const list = Array.from({ length: 200 }, (_, i) => `word${i}`);
    await expectAllowed(commitReviewSettings(store, { holdFirst: false, words: list }));
    await expectDenied(commitReviewSettings(store, { holdFirst: false, words: [...list, 'more'] }));
    await expectDenied(commitReviewSettings(store, { holdFirst: false, words: ['ok', ''] }));
    await expectDenied(commitReviewSettings(store, { holdFirst: false, words: ['ok', 'ok'] }));
    const db = harness.client(ADMIN);
    const extra = { holdFirst: false, words: [], other: 1 };
    await expectDenied(sdk.setDoc(sdk.doc(db, 'reviewSettings/current'), extra));
    await expectDenied(
      sdk.setDoc(sdk.doc(db, 'reviewSettings/other'), { holdFirst: false, words: [] }),
    );
  });
});

describe('holding first comments', () => {
  beforeEach(async () => {
    await seedPost(harness, 'p1', { count: 0 });
    await settings(true);
  });

  it("holds an unapproved account's comment, which it cannot publish itself", async () => {
    const first = comment(FAN.email, 'My first ever comment');
    await expectDenied(commentAs(harness, FAN, { comment: first }));
    expect(await fanWrites(FAN, first)).toMatchObject({ held: 'first comment' });
    expect(await threadIds(harness)).toEqual([]);
    expect(await totalComments(harness)).toBe(0);
    expect(await exists(harness, `heldComments/${await idOf('p1', first)}`)).toBe(true);
  });

  it('publishes an approved account’s comment', async () => {
    await approve(FAN);
    const added = await fanWrites(FAN, comment(FAN.email, 'Approved, so shown'));
    expect(added.held).toBeNull();
    expect(await totalComments(harness)).toBe(1);
  });

  it('lets no fan approve themselves, nor anyone else', async () => {
    const db = harness.client(FAN);
    const approval = { postId: 'p1', comment: 'p1_x', at: sdk.serverTimestamp() };
    await expectDenied(sdk.setDoc(sdk.doc(db, 'approvals', FAN.sub), approval));
    await expectDenied(sdk.setDoc(sdk.doc(db, 'approvals', OTHER_FAN.sub), approval));
    // With their comment in the same commit: the comment is refused, so the approval is too.
    const first = comment(FAN.email, 'Approving myself');
    const selfApproved = (writes: Parameters<Tamper>[0]) => [
      ...writes,
      {
        op: 'set' as const,
        path: `approvals/${FAN.sub}`,
        data: { postId: 'p1', comment: writes[0]?.path.split('/')[3], at: sdk.serverTimestamp() },
      },
    ];
    await expectDenied(commentAs(harness, FAN, { comment: first, tamper: selfApproved }));
    await approve(FAN);
    await expectDenied(sdk.deleteDoc(sdk.doc(db, 'approvals', FAN.sub)));
  });

  it("never holds the club's own comments", async () => {
    await settings(true, ['word']);
    const own = comment(ADMIN.email, 'A word from the club');
    await expectAllowed(commentAs(harness, ADMIN, { comment: own }));
    expect(await threadIds(harness)).toEqual([await idOf('p1', own)]);
  });

  it('while off, a first comment is published and approves its author', async () => {
    await settings(false);
    expect((await fanWrites(FAN, comment(FAN.email, 'Shown at once'))).held).toBeNull();
    expect(await exists(harness, `approvals/${FAN.sub}`)).toBe(true);
    await settings(true);
    await lastCommented(harness, FAN.sub);
    expect((await fanWrites(FAN, comment(FAN.email, 'Still shown'))).held).toBeNull();
  });
});

describe('suspect words', () => {
  beforeEach(async () => {
    await seedPost(harness, 'p1', { count: 0 });
    await settings(false, ['word']);
    await approve(FAN);
  });

  const attempts = {
    'upper case and an accent': 'What a WÖRD!',
    'a decomposed accent': 'What a wo\u0308rd',
    'a zero-width space': 'What a w\u200Bord',
    'a soft hyphen': 'What a wo\u00ADrd',
    'dots between its letters': 'What a w.o.r.d.',
    'a hyphen inside': 'wo-rd, again',
    'an accent of Latin Extended Additional': 'ẁord up',
  };

  for (const [how, text] of Object.entries(attempts)) {
    it(`holds a comment with the word split by ${how}`, async () => {
      await expectDenied(commentAs(harness, FAN, { comment: comment(FAN.email, text) }));
      expect(await fanWrites(FAN, comment(FAN.email, text))).toMatchObject({
        held: 'suspect word',
      });
    });
  }

  it('publishes the twins: the word inside a longer one, or another word', async () => {
    for (const text of ['A sword fight', 'Words fail me', 'A wordy statement']) {
      await lastCommented(harness, FAN.sub);
      await expectAllowed(commentAs(harness, FAN, { comment: comment(FAN.email, text) }));
    }
  });

  it('finds the last of 200 words, and passes a comment with none of them', async () => {
    const list = Array.from({ length: 199 }, (_, i) => `filler${i}`).concat(['word']);
    await settings(false, list);
    await expectDenied(commentAs(harness, FAN, { comment: comment(FAN.email, 'that Word') }));
    await expectAllowed(commentAs(harness, FAN, { comment: comment(FAN.email, 'that ward') }));
  });

  it('keeps the list as the page folds a typed word', () => {
    expect(suspectWord('WÖRD')).toBe('word');
    expect(suspectWord('  Wörd ')).toBe('word');
    expect(suspectWord('two words')).toBeNull();
    expect(suspectWord('w.o.r.d')).toBeNull();
  });
});

describe('a held comment', () => {
  const FIRST = comment(FAN.email, 'Held until the club looks');

  beforeEach(async () => {
    await seedPost(harness, 'p1', { count: 0 });
    await settings(true);
    await fanWrites(FAN, FIRST);
  });

  it('is read by its author and the administrator only', async () => {
    const id = await idOf('p1', FIRST);
    await expectAllowed(sdk.getDoc(heldRef(FAN, id)));
    await expectAllowed(sdk.getDoc(heldRef(ADMIN, id)));
    await expectDenied(sdk.getDoc(heldRef(OTHER_FAN, id)));
    await expectDenied(sdk.getDoc(heldRef(null, id)));
    const list = (persona: Persona | null, user?: string) => {
      const all = sdk.collection(harness.client(persona), 'heldComments');
      const mine = user === undefined ? [] : [sdk.where('user', '==', user)];
      return sdk.getDocs(sdk.query(all, ...mine, sdk.limit(50)));
    };
    expect((await list(FAN, FAN.email)).size).toBe(1);
    expect((await list(ADMIN)).size).toBe(1);
    await expectDenied(list(FAN));
    await expectDenied(list(OTHER_FAN, FAN.email));
    await expectDenied(list(null, FAN.email));
  });

  it('is refused forged, to a closed post, too soon, or from a suspended account', async () => {
    const other = comment(OTHER_FAN.email, 'Held as someone else');
    await expectDenied(fanWrites(FAN, other));
    const wrongTitle = edit(isHeldDoc, (data) => ({ ...data, postTitle: 'Another title' }));
    await lastCommented(harness, FAN.sub);
    await expectDenied(fanWrites(FAN, comment(FAN.email, 'Retitled'), { tamper: wrongTitle }));
    const extra = edit(isHeldDoc, (data) => ({ ...data, approved: true }));
    await expectDenied(fanWrites(FAN, comment(FAN.email, 'Approved?'), { tamper: extra }));
    await lastCommented(harness, FAN.sub, 5);
    await expectDenied(fanWrites(FAN, comment(FAN.email, 'Too soon')));
    await lastCommented(harness, FAN.sub);
    await expectAllowed(fanWrites(FAN, comment(FAN.email, 'The twin, held')));
    await lastCommented(harness, FAN.sub);
    const until = new Date(Date.now() + 3_600_000);
    await harness.seed(`suspensions/${FAN.sub}`, { until, at: new Date(), user: FAN.email });
    await expectDenied(fanWrites(FAN, comment(FAN.email, 'Suspended')));
  });

  it('is approved by the administrator alone: shown as written, counted, its author approved', async () => {
    await expectDenied(commitApproval(storeOf(harness, OTHER_FAN), await held(FIRST)));
    await expectDenied(commitApproval(storeOf(harness, FAN), await held(FIRST)));
    const retold = { ...(await held(FIRST)), comment: { ...FIRST, text: 'Changed by the club' } };
    await expectDenied(commitApproval(storeOf(harness, ADMIN), retold));
    await expectAllowed(commitApproval(storeOf(harness, ADMIN), await held(FIRST)));
    expect(await threadIds(harness)).toEqual([await idOf('p1', FIRST)]);
    expect(await totalComments(harness)).toBe(1);
    expect(await exists(harness, `heldComments/${await idOf('p1', FIRST)}`)).toBe(false);
    await lastCommented(harness, FAN.sub);
    expect((await fanWrites(FAN, comment(FAN.email, 'Approved now'))).held).toBeNull();
  });

  it('is rejected by the administrator or withdrawn by its author, by nobody else', async () => {
    const id = await idOf('p1', FIRST);
    await expectDenied(commitRejection(storeOf(harness, OTHER_FAN), id));
    await expectAllowed(commitRejection(storeOf(harness, ADMIN), id));
    expect(await exists(harness, `heldComments/${id}`)).toBe(false);
    expect(await totalComments(harness)).toBe(0);
    await lastCommented(harness, FAN.sub);
    await fanWrites(FAN, FIRST);
    await expectAllowed(commitRejection(storeOf(harness, FAN), id));
  });
});

describe("a deleted post's held comments", () => {
  it('go with its thread, cleared by the administrator', async () => {
    await seedPost(harness, 'p1', { count: 0 });
    await settings(true);
    const first = comment(FAN.email, 'Held on a post about to go');
    await fanWrites(FAN, first);
    const admin = storeOf(harness, ADMIN);
    await commitDeletion(admin, 'p1');
    await clearDeletedThread(admin, 'p1');
    expect(await exists(harness, `heldComments/${await idOf('p1', first)}`)).toBe(false);
  });
});

describe('a held reply', () => {
  it('answers a comment and is counted with it once approved', async () => {
    await seedMarked(harness);
    const top = comment(OTHER_FAN.email, 'Who is the new left back?');
    await approve(OTHER_FAN);
    await commentAs(harness, OTHER_FAN, { comment: top });
    await settings(true);
    const topId = await idOf('p1', top);
    const reply = comment(FAN.email, 'Quiroga, from Porto.');
    expect(await fanWrites(FAN, reply, { replyTo: topId })).toMatchObject({
      held: 'first comment',
    });
    await lastCommented(harness, FAN.sub);
    await expectDenied(
      fanWrites(FAN, comment(FAN.email, 'To a path'), { replyTo: `${topId}/x/y` }),
    );
    await expectAllowed(commitApproval(storeOf(harness, ADMIN), await held(reply)));
    const stored = await sdk.getDoc(sdk.doc(harness.client(null), 'posts/p1/comments', topId));
    expect(stored.get('replies')).toBe(1);
    expect(await totalComments(harness)).toBe(8 + 2);
  });
});
