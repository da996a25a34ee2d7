/**
 * The moderation rules (firestore.rules): the comment copies in comments/, reports, suspensions,
 * closed posts, the rate limit per comment and the administrator's removal of a comment stored
 * twice, attacked through the real Lite SDK as a fan, another fan, a visitor and the
 * administrator would. The commit shapes are tests/support/commentCommit.ts's.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  increment,
  limit,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore/lite';
import {
  commentId,
  reportId,
  type ReportReason,
} from '../../src/features/comments/data/commentCopies';
import type { Comment } from '../../src/features/posts/data/post';
import {
  addComment,
  appendChange,
  copyOf,
  removeComment,
  type AddComment,
} from '../support/commentCommit';
import {
  expectAllowed,
  expectDenied,
  googleUser,
  newPost,
  startHarness,
  summaryOf,
  unsignedToken,
  withSummary,
  type Harness,
  type Persona,
} from '../support/harness';
import { ADMIN, comment, DATE, FAN, OTHER_FAN, TITLE } from '../support/fixtures';
import { stampChange } from '../support/stampedWrites';

const FAN_COMMENT = comment(FAN.email, 'Mine');
const OLD = comment('a@example.test', 'First');

let harness: Harness;
let admin: Firestore;
let fan: Firestore;
let other: Firestore;
let visitor: Firestore;

beforeAll(async () => {
  harness = await startHarness('demo-rules-moderation');
  admin = harness.client(ADMIN);
  fan = harness.client(FAN);
  other = harness.client(OTHER_FAN);
  visitor = harness.client(null);
});
afterAll(async () => {
  await harness.close();
});
beforeEach(async () => {
  await harness.clear();
  await harness.seed('posts/p1', newPost({ title: TITLE, comments: [OLD] }));
  await harness.seed('posts/p2', newPost({ title: 'Keeper joins on loan' }));
});

/** `persona` comments on p1 as a client must (options change or leave out a piece). */
function commentAs(
  persona: Persona & { email: string },
  text = 'Great signing!',
  options: Partial<AddComment> = {},
): Promise<void> {
  return addComment(harness.client(persona), {
    uid: persona.sub,
    postId: 'p1',
    postTitle: TITLE,
    comment: comment(persona.email, text),
    ...options,
  });
}

/** Seeds, as the owner, `item` in post `postId` (`copies` times) and its copy by `uid`. */
async function seedWithCopy(
  uid: string,
  item: Comment,
  { postId = 'p1', copies = 1, reports = 0 } = {},
): Promise<string> {
  const copy = await copyOf(postId, TITLE, uid, item);
  const comments = [OLD, ...Array.from({ length: copies }, () => item)];
  await harness.seed(`posts/${postId}`, newPost({ title: TITLE, comments }));
  await harness.seed(`comments/${copy.id}`, {
    ...copy.data,
    at: new Date(),
    reports,
    reported: reports > 0,
  });
  return copy.id;
}

/** The account commented or reported `seconds` ago: the rate limit is not what a test meets. */
const lastActed = (uid: string, seconds = 11) =>
  harness.seed(`commenters/${uid}`, { last: new Date(Date.now() - seconds * 1000), target: 'x' });

const storedCopy = (id: string) => harness.owner.get(`comments/${id}`);

interface ReportOptions {
  reason?: ReportReason | string;
  /** Fields over the report's. */
  fields?: Record<string, unknown>;
  /** The report's document id, when an attack names another. */
  id?: string;
  /** The copy's update; null leaves the count alone. */
  copyUpdate?: Record<string, unknown> | null;
  /** The stamp's target; null leaves the stamp out. */
  target?: string | null;
}

/** `persona` reports the comment copy `copyId` as a client must. */
function reportAs(persona: Persona, copyId: string, options: ReportOptions = {}): Promise<void> {
  const db = harness.client(persona);
  const batch = writeBatch(db);
  batch.set(doc(db, 'reports', options.id ?? reportId(copyId, persona.sub)), {
    comment: copyId,
    uid: persona.sub,
    reason: options.reason ?? 'Abuse',
    at: serverTimestamp(),
    ...options.fields,
  });
  if (options.copyUpdate !== null) {
    batch.update(
      doc(db, 'comments', copyId),
      options.copyUpdate ?? { reports: increment(1), reported: true },
    );
  }
  const target = options.target === undefined ? copyId : options.target;
  if (target !== null) {
    batch.set(doc(db, 'commenters', persona.sub), { last: serverTimestamp(), target });
  }
  return batch.commit();
}

const suspend = (uid: string, until: Date | null) =>
  harness.seed(`suspensions/${uid}`, { until, at: new Date(), user: `${uid}@example.com` });

describe('a comment and its copy: added together, one comment per commit', () => {
  it('allows a comment with its copy and stamp, and stores the copy as the post has it', async () => {
    await expectAllowed(commentAs(FAN, 'Welcome!'));
    const id = await commentId('p1', comment(FAN.email, 'Welcome!'));
    const copy = await getDoc(doc(admin, 'comments', id));
    expect(copy.data()).toMatchObject({
      postId: 'p1',
      postTitle: TITLE,
      user: FAN.email,
      uid: FAN.sub,
      text: 'Welcome!',
      date: DATE,
      reports: 0,
      reported: false,
    });
    expect(copy.get('at')).toBeInstanceOf(Timestamp);
  });

  it('allows the administrator’s comment with its copy', async () => {
    await expectAllowed(commentAs(ADMIN, 'Official: welcome!'));
  });

  it.each<[string, Partial<AddComment>]>([
    ['without its copy', { copy: null }],
    ['with a copy of other text', { copy: { text: 'Something else' } }],
    ['with a copy naming another account', { copy: { uid: OTHER_FAN.sub } }],
    ['with a copy naming another author', { copy: { user: OTHER_FAN.email } }],
    ['with a copy of another post title', { copy: { postTitle: 'Keeper joins on loan' } }],
    ['with a copy of another post', { copy: { postId: 'p2' } }],
    ['with a copy already reported', { copy: { reports: 1 } }],
    ['with a copy flagged as reported', { copy: { reported: true } }],
    ['with a copy dated by the client', { copy: { at: Timestamp.now() } }],
    ['with a copy of an extra field', { copy: { likes: 0 } }],
    ['with a copy of a key named constructor', { copy: { constructor: 'x' } }],
    ['with a copy of a key named hasOwnProperty', { copy: { hasOwnProperty: 'x' } }],
    ['without its stamp', { target: null }],
    ['with a stamp naming another comment', { target: 'p1_other' }],
  ])('denies a comment %s (as fan)', async (_, options) => {
    await expectDenied(commentAs(FAN, 'Welcome!', options));
  });

  it('denies a copy without the comment (as fan)', async () => {
    const copy = await copyOf('p1', TITLE, FAN.sub, comment(FAN.email, 'Ghost'));
    const batch = writeBatch(fan);
    batch.set(doc(fan, 'comments', copy.id), copy.data);
    batch.set(doc(fan, 'commenters', FAN.sub), { last: serverTimestamp(), target: copy.id });
    await expectDenied(batch.commit());
  });

  it('denies a copy at an id that is not its comment’s hash (as fan)', async () => {
    const item = comment(FAN.email, 'Welcome!');
    const copy = await copyOf('p1', TITLE, FAN.sub, item);
    await expectDenied(
      commentAs(FAN, 'Welcome!', {
        copy: null,
        target: 'p1_chosen',
        also: (batch) => batch.set(doc(fan, 'comments', 'p1_chosen'), copy.data),
      }),
    );
  });

  it('denies a copy of a comment already in the post, to report or list it as new (as fan)', async () => {
    await harness.seed('posts/p1', newPost({ title: TITLE, comments: [OLD, FAN_COMMENT] }));
    const copy = await copyOf('p1', TITLE, FAN.sub, FAN_COMMENT);
    const batch = writeBatch(fan);
    batch.set(doc(fan, 'comments', copy.id), copy.data);
    batch.set(doc(fan, 'commenters', FAN.sub), { last: serverTimestamp(), target: copy.id });
    await expectDenied(batch.commit());
  });

  // One rate-limit stamp for a comment on each of two posts: the stamp names one comment.
  it('denies the old shape appending to two posts under one stamp (as fan)', async () => {
    const batch = writeBatch(fan);
    const before: Record<string, Comment[]> = { p1: [OLD], p2: [] };
    for (const [postId, comments] of Object.entries(before)) {
      const item = comment(FAN.email, postId);
      batch.update(doc(fan, 'posts', postId), appendChange(item, summaryOf(comments)));
      stampChange(fan, batch, postId);
    }
    batch.set(doc(fan, 'commenters', FAN.sub), { last: serverTimestamp() });
    await expectDenied(batch.commit());
  });

  // The same with everything the new rules ask of each comment.
  it('denies a commit that appends to two posts, each with its copy (as fan)', async () => {
    const second = comment(FAN.email, 'And here');
    const secondCopy = await copyOf('p2', 'Keeper joins on loan', FAN.sub, second);
    await expectDenied(
      commentAs(FAN, 'Here', {
        also: (batch) => {
          batch.update(doc(fan, 'posts', 'p2'), appendChange(second, summaryOf([])));
          stampChange(fan, batch, 'p2');
          batch.set(doc(fan, 'comments', secondCopy.id), secondCopy.data);
        },
      }),
    );
    const p2 = await getDoc(doc(visitor, 'posts', 'p2'));
    expect(p2.get('comments')).toEqual([]);
  });

  it('allows the next comment, on another post, only 10 seconds later', async () => {
    await expectAllowed(commentAs(FAN, 'Here'));
    const elsewhere = (db: Firestore) =>
      addComment(db, {
        uid: FAN.sub,
        postId: 'p2',
        postTitle: 'Keeper joins on loan',
        comment: comment(FAN.email, 'There'),
      });
    await expectDenied(elsewhere(fan));
    await lastActed(FAN.sub);
    await expectAllowed(elsewhere(fan));
  });

  it('denies a stamp target longer than a document id (1,501 bytes) (as fan)', async () => {
    const write = (target: string) =>
      setDoc(doc(fan, 'commenters', FAN.sub), { last: serverTimestamp(), target });
    await expectDenied(write('é'.repeat(750) + 'x'));
    await expectAllowed(write('é'.repeat(750)));
  });
});

describe('post ids leave room for the ids built on them', () => {
  it('denies a post id of 1,301 bytes and allows one of 1,300 (as admin)', async () => {
    const create = (id: string) => {
      const batch = writeBatch(admin);
      batch.set(doc(admin, 'posts', id), newPost());
      stampChange(admin, batch, id);
      return batch.commit();
    };
    await expectDenied(create(`${'é'.repeat(650)}x`));
    await expectAllowed(create('é'.repeat(650)));
  });
});

describe('closed posts and full posts', () => {
  const close = (db: Firestore, closed: unknown, extra: Record<string, unknown> = {}) => {
    const batch = writeBatch(db);
    batch.update(doc(db, 'posts', 'p1'), { closed, ...extra });
    stampChange(db, batch, 'p1');
    return batch.commit();
  };

  it('lets the administrator close and reopen comments, and refuses comments while closed', async () => {
    await expectAllowed(close(admin, true));
    await expectDenied(commentAs(FAN, 'Let me in'));
    await expectDenied(commentAs(ADMIN, 'Me neither'));
    await expectAllowed(close(admin, false));
    await expectAllowed(commentAs(FAN, 'Open again'));
  });

  it('lets the administrator reopen by removing the flag', async () => {
    await expectAllowed(close(admin, true));
    await expectAllowed(close(admin, deleteField()));
    await expectAllowed(commentAs(FAN, 'Open again'));
  });

  it.each<[string, Firestore | (() => Firestore), unknown, Record<string, unknown>]>([
    ['a fan closing a post', () => fan, true, {}],
    ['a visitor closing a post', () => visitor, true, {}],
    ['the administrator closing with a string', () => admin, 'yes', {}],
    ['the administrator closing while editing the content', () => admin, true, { content: 'x' }],
  ])('denies %s', async (_, db, closed, extra) => {
    const client = typeof db === 'function' ? db() : db;
    await expectDenied(close(client, closed, extra));
  });

  it('denies a fan reopening a closed post', async () => {
    await harness.seed('posts/p1', newPost({ title: TITLE, comments: [OLD], closed: true }));
    await expectDenied(close(fan, false));
  });

  it('denies a comment to a post at 400 comments and allows the 400th', async () => {
    const full = (count: number) =>
      harness.seed(
        'posts/p1',
        newPost({
          title: TITLE,
          comments: Array.from({ length: count }, (_, i) => comment('x@example.test', `c${i}`)),
        }),
      );
    await full(400);
    await expectDenied(commentAs(FAN, 'One more'));
    await full(399);
    await expectAllowed(commentAs(FAN, 'The 400th'));
  });
});

describe('suspensions', () => {
  const HOUR = 3_600_000;

  it('denies comments from an account suspended until later, or for good', async () => {
    await suspend(FAN.sub, new Date(Date.now() + HOUR));
    await expectDenied(commentAs(FAN, 'Still here'));
    await suspend(FAN.sub, null);
    await expectDenied(commentAs(FAN, 'Still here'));
    await expectAllowed(commentAs(OTHER_FAN, 'Not me'));
  });

  it('allows comments once the suspension has ended', async () => {
    await suspend(FAN.sub, new Date(Date.now() - 1000));
    await expectAllowed(commentAs(FAN, 'Back again'));
  });

  it('denies a report from a suspended account', async () => {
    const id = await seedWithCopy(OTHER_FAN.sub, comment(OTHER_FAN.email, 'Hello'));
    await suspend(FAN.sub, null);
    await expectDenied(reportAs(FAN, id));
  });

  it('lets the administrator suspend, change and lift a suspension', async () => {
    const ref = doc(admin, 'suspensions', FAN.sub);
    const until = Timestamp.fromMillis(Date.now() + 24 * HOUR);
    await expectAllowed(setDoc(ref, { until, at: serverTimestamp(), user: FAN.email }));
    await expectAllowed(setDoc(ref, { until: null, at: serverTimestamp(), user: FAN.email }));
    await expectAllowed(deleteDoc(ref));
  });

  it.each<[string, Record<string, unknown>]>([
    ['a string until', { until: 'tomorrow', at: serverTimestamp(), user: 'a@example.com' }],
    ['a client time', { until: null, at: Timestamp.now(), user: 'a@example.com' }],
    [
      'an extra field',
      { until: null, at: serverTimestamp(), user: 'a@example.com', reason: 'spam' },
    ],
    ['no until', { at: serverTimestamp(), user: 'a@example.com' }],
    ['no e-mail', { until: null, at: serverTimestamp() }],
    ['an e-mail that is not a string', { until: null, at: serverTimestamp(), user: 7 }],
    [
      'an e-mail over 254 bytes',
      { until: null, at: serverTimestamp(), user: `${'é'.repeat(125)}@example.com` },
    ],
  ])('denies a suspension with %s (as admin)', async (_, data) => {
    await expectDenied(setDoc(doc(admin, 'suspensions', FAN.sub), data));
  });

  // The SDK refuses the name itself; a hostile client's JSON reaches the server as it is.
  it('denies a suspension with a key named __proto__ sent over REST (as admin)', async () => {
    const response = await harness.rest(
      'commit',
      {
        writes: [
          {
            update: {
              name: harness.name(`suspensions/${FAN.sub}`),
              fields: JSON.parse(
                '{"until": {"nullValue": null}, "user": {"stringValue": "a@example.com"}, "__proto__": {"integerValue": "1"}}',
              ),
            },
            updateTransforms: [{ fieldPath: 'at', setToServerValue: 'REQUEST_TIME' }],
          },
        ],
      },
      { token: unsignedToken(ADMIN) },
    );
    expect(response.status).not.toBe(200);
    expect(await harness.owner.get(`suspensions/${FAN.sub}`)).toBeNull();
  });

  it('denies fans writing suspensions, and lifting or shortening their own', async () => {
    const data = { until: null, at: serverTimestamp(), user: FAN.email };
    await expectDenied(setDoc(doc(fan, 'suspensions', OTHER_FAN.sub), data));
    await expectDenied(setDoc(doc(visitor, 'suspensions', OTHER_FAN.sub), data));
    await suspend(FAN.sub, null);
    await expectDenied(deleteDoc(doc(fan, 'suspensions', FAN.sub)));
    await expectDenied(
      setDoc(doc(fan, 'suspensions', FAN.sub), { until: Timestamp.now(), at: serverTimestamp() }),
    );
    await expectDenied(updateDoc(doc(fan, 'suspensions', FAN.sub), { until: Timestamp.now() }));
  });

  it('lets an account read its own suspension, and only the administrator the others', async () => {
    await suspend(FAN.sub, null);
    await expectAllowed(getDoc(doc(fan, 'suspensions', FAN.sub)));
    // An account without a suspension reads that it has none.
    await expectAllowed(getDoc(doc(other, 'suspensions', OTHER_FAN.sub)));
    await expectDenied(getDoc(doc(other, 'suspensions', FAN.sub)));
    await expectDenied(getDoc(doc(visitor, 'suspensions', FAN.sub)));
    await expectAllowed(getDoc(doc(admin, 'suspensions', FAN.sub)));
    const suspensions = collection(admin, 'suspensions');
    await expectAllowed(getDocs(query(suspensions, limit(50))));
    await expectDenied(getDocs(suspensions));
    await expectDenied(getDocs(query(collection(fan, 'suspensions'), limit(5))));
  });
});

describe('reports', () => {
  let copyId: string;

  beforeEach(async () => {
    copyId = await seedWithCopy(FAN.sub, FAN_COMMENT);
  });

  it('allows another fan’s report once, counts it, and refuses a second one', async () => {
    await expectAllowed(reportAs(OTHER_FAN, copyId, { reason: 'Spam' }));
    const copy = await storedCopy(copyId);
    expect(copy?.fields.reports).toEqual({ integerValue: '1' });
    expect(copy?.fields.reported).toEqual({ booleanValue: true });
    await lastActed(OTHER_FAN.sub);
    await expectDenied(reportAs(OTHER_FAN, copyId, { reason: 'Other' }));
  });

  it('allows a second fan’s report after the first', async () => {
    await expectAllowed(reportAs(OTHER_FAN, copyId));
    const third = googleUser('fan-4', 'third@example.test');
    await expectAllowed(reportAs(third, copyId));
    expect((await storedCopy(copyId))?.fields.reports).toEqual({ integerValue: '2' });
  });

  it.each<[string, () => Promise<void>]>([
    ['a report of their own comment', () => reportAs(FAN, copyId)],
    [
      'a report of a comment that does not exist',
      () => reportAs(OTHER_FAN, 'p1_nope', { copyUpdate: null }),
    ],
    [
      'a report forged as another reporter (uid field)',
      () => reportAs(OTHER_FAN, copyId, { fields: { uid: 'fan-4' } }),
    ],
    [
      'a report filed under another reporter’s id',
      () => reportAs(OTHER_FAN, copyId, { id: reportId(copyId, 'fan-4') }),
    ],
    ['a report for another reason', () => reportAs(OTHER_FAN, copyId, { reason: 'Hate' })],
    ['a report with an extra field', () => reportAs(OTHER_FAN, copyId, { fields: { note: 'x' } })],
    [
      'a report with a key named constructor',
      () => reportAs(OTHER_FAN, copyId, { fields: { constructor: 'x' } }),
    ],
    [
      'a report dated by the client',
      () => reportAs(OTHER_FAN, copyId, { fields: { at: Timestamp.now() } }),
    ],
    ['a report that does not count', () => reportAs(OTHER_FAN, copyId, { copyUpdate: null })],
    [
      'a report that counts twice',
      () => reportAs(OTHER_FAN, copyId, { copyUpdate: { reports: 2, reported: true } }),
    ],
    [
      'a report that also edits the comment',
      () =>
        reportAs(OTHER_FAN, copyId, {
          copyUpdate: { reports: increment(1), reported: true, text: 'Edited' },
        }),
    ],
    ['a report without the stamp', () => reportAs(OTHER_FAN, copyId, { target: null })],
    ['a report stamped for another comment', () => reportAs(OTHER_FAN, copyId, { target: 'p1_x' })],
  ])('denies %s', async (_, run) => {
    await expectDenied(run());
  });

  it('denies a report 5 seconds after a comment (rate limit)', async () => {
    await lastActed(OTHER_FAN.sub, 5);
    await expectDenied(reportAs(OTHER_FAN, copyId));
  });

  it('denies counting a report without filing one, and a fan dismissing reports', async () => {
    await expectDenied(
      updateDoc(doc(other, 'comments', copyId), { reports: increment(1), reported: true }),
    );
    await expectAllowed(reportAs(OTHER_FAN, copyId));
    await expectDenied(updateDoc(doc(fan, 'comments', copyId), { reports: 0, reported: false }));
  });

  it('lets the administrator dismiss reports, and nothing more', async () => {
    await expectAllowed(reportAs(OTHER_FAN, copyId));
    await expectDenied(
      updateDoc(doc(admin, 'comments', copyId), { reports: 0, reported: false, text: 'x' }),
    );
    await expectDenied(updateDoc(doc(admin, 'comments', copyId), { reports: 1 }));
    await expectAllowed(updateDoc(doc(admin, 'comments', copyId), { reports: 0, reported: false }));
  });

  it('keeps reports unchangeable and readable only by the administrator', async () => {
    await expectAllowed(reportAs(OTHER_FAN, copyId));
    const ref = (db: Firestore) => doc(db, 'reports', reportId(copyId, OTHER_FAN.sub));
    await expectDenied(updateDoc(ref(other), { reason: 'Spam' }));
    await expectDenied(deleteDoc(ref(other)));
    await expectDenied(deleteDoc(ref(admin)));
    await expectDenied(getDoc(ref(other)));
    await expectDenied(getDoc(ref(fan)));
    await expectDenied(getDoc(ref(visitor)));
    await expectAllowed(getDoc(ref(admin)));
    await expectAllowed(getDocs(query(collection(admin, 'reports'), limit(50))));
    await expectDenied(getDocs(collection(admin, 'reports')));
    await expectDenied(getDocs(query(collection(other, 'reports'), limit(5))));
  });
});

describe('reading comment copies: the administrator only, a page at a time', () => {
  let copyId: string;

  beforeEach(async () => {
    copyId = await seedWithCopy(FAN.sub, FAN_COMMENT);
  });

  it('lets the administrator get and list pages, by author too', async () => {
    await expectAllowed(getDoc(doc(admin, 'comments', copyId)));
    const comments = collection(admin, 'comments');
    await expectAllowed(getDocs(query(comments, limit(50))));
    const mine = await getDocs(query(comments, where('uid', '==', FAN.sub), limit(50)));
    expect(mine.docs.map((d) => d.id)).toEqual([copyId]);
  });

  it('denies the author, other fans and visitors, and unpaged or oversized lists', async () => {
    await expectDenied(getDoc(doc(fan, 'comments', copyId)));
    await expectDenied(getDoc(doc(other, 'comments', copyId)));
    await expectDenied(getDoc(doc(visitor, 'comments', copyId)));
    await expectDenied(
      getDocs(query(collection(fan, 'comments'), where('uid', '==', FAN.sub), limit(5))),
    );
    await expectDenied(getDocs(collection(admin, 'comments')));
    await expectDenied(getDocs(query(collection(admin, 'comments'), limit(51))));
  });

  it.each(['comments', 'reports', 'suspensions'])(
    'denies the administrator a page of %s with an offset',
    async (collectionId) => {
      const token = unsignedToken(ADMIN);
      const page = (offset: number) =>
        harness.rest(
          'runQuery',
          { structuredQuery: { from: [{ collectionId }], limit: 50, offset } },
          { token },
        );
      expect((await page(0)).status).toBe(200);
      expect((await page(1)).status).toBe(403);
    },
  );
});

describe('removing a comment removes its copy', () => {
  it('allows a fan removing their own comment with its copy', async () => {
    const id = await seedWithCopy(FAN.sub, FAN_COMMENT);
    await expectAllowed(removeComment(fan, { postId: 'p1', comment: FAN_COMMENT }));
    expect(await storedCopy(id)).toBeNull();
  });

  it('denies removing a comment while leaving its copy, as the author or the administrator', async () => {
    await seedWithCopy(FAN.sub, FAN_COMMENT);
    const leaving = { postId: 'p1', comment: FAN_COMMENT, deleteCopy: false };
    await expectDenied(removeComment(fan, leaving));
    await expectDenied(removeComment(admin, leaving));
  });

  it('denies deleting a copy while its comment stays, as the author or the administrator', async () => {
    const id = await seedWithCopy(FAN.sub, FAN_COMMENT);
    await expectDenied(deleteDoc(doc(fan, 'comments', id)));
    await expectDenied(deleteDoc(doc(admin, 'comments', id)));
  });

  it('denies a fan removing another’s comment and its copy', async () => {
    await seedWithCopy(FAN.sub, FAN_COMMENT);
    await expectDenied(removeComment(other, { postId: 'p1', comment: FAN_COMMENT }));
  });

  it('allows the administrator removing any comment with its copy', async () => {
    const id = await seedWithCopy(FAN.sub, FAN_COMMENT);
    await expectAllowed(removeComment(admin, { postId: 'p1', comment: FAN_COMMENT }));
    expect(await storedCopy(id)).toBeNull();
  });

  it('allows the administrator deleting a post with its copies', async () => {
    const id = await seedWithCopy(FAN.sub, FAN_COMMENT);
    const batch = writeBatch(admin);
    batch.delete(doc(admin, 'posts', 'p1'));
    stampChange(admin, batch, 'p1');
    batch.delete(doc(admin, 'comments', id));
    await expectAllowed(batch.commit());
  });

  // 'Also remove all their comments' (the app removes one comment a commit,
  // features/moderation/store/moderation.ts suspend). Each post's removal reads 4 documents in the
  // rules (its stamp, its copy, the post before and after), and production documents at most 20
  // document reads a commit: 5 posts fit there. Google's engine enforces the 20 only on documents
  // outside the commit (it admitted 12 posts, 48 reads of the commit's own documents, and refused
  // 21 reads of others), so no sixth post is tested as refused: that half held only on our former
  // interpreter.
  it('lets the administrator remove one author’s comments from 5 posts in one commit', async () => {
    const batch = writeBatch(admin);
    for (let i = 0; i < 5; i += 1) {
      const postId = `bulk-${i}`;
      const id = await seedWithCopy(FAN.sub, FAN_COMMENT, { postId });
      batch.update(doc(admin, 'posts', postId), withSummary([OLD]));
      stampChange(admin, batch, postId);
      batch.delete(doc(admin, 'comments', id));
    }
    await expectAllowed(batch.commit());
  });

  it('still removes a comment written before copies existed (it has none)', async () => {
    await harness.seed('posts/p1', newPost({ title: TITLE, comments: [OLD, FAN_COMMENT] }));
    await expectAllowed(removeComment(fan, { postId: 'p1', comment: FAN_COMMENT }));
  });
});

// A comment stored twice: arrayRemove takes out both occurrences, so a rule that allowed exactly
// one comment fewer would let nobody remove it.
describe('a comment stored twice', () => {
  const TWICE = comment(FAN.email, 'Posted twice');
  const withOneLeft = withSummary([OLD, TWICE]);

  it('lets the administrator remove both copies of a comment that has no moderation copy', async () => {
    await harness.seed('posts/p1', newPost({ title: TITLE, comments: [OLD, TWICE, TWICE] }));
    await expectAllowed(removeComment(admin, { postId: 'p1', comment: TWICE, deleteCopy: false }));
    expect((await getDoc(doc(visitor, 'posts', 'p1'))).get('comments')).toEqual([OLD]);
  });

  it('lets the administrator remove both copies and the moderation copy at once', async () => {
    const id = await seedWithCopy(FAN.sub, TWICE, { copies: 2 });
    await expectAllowed(removeComment(admin, { postId: 'p1', comment: TWICE }));
    expect((await getDoc(doc(visitor, 'posts', 'p1'))).get('comments')).toEqual([OLD]);
    expect(await storedCopy(id)).toBeNull();
  });

  it('lets the administrator remove one copy, keeping the moderation copy, then the other', async () => {
    const id = await seedWithCopy(FAN.sub, TWICE, { copies: 2 });
    await expectDenied(removeComment(admin, { postId: 'p1', comment: TWICE, change: withOneLeft }));
    await expectAllowed(
      removeComment(admin, {
        postId: 'p1',
        comment: TWICE,
        change: withOneLeft,
        deleteCopy: false,
      }),
    );
    expect(await storedCopy(id)).not.toBeNull();
    await expectAllowed(removeComment(admin, { postId: 'p1', comment: TWICE }));
    expect(await storedCopy(id)).toBeNull();
  });

  it('denies the administrator one copy fewer while changing another comment', async () => {
    await seedWithCopy(FAN.sub, TWICE, { copies: 2 });
    await expectDenied(
      removeComment(admin, {
        postId: 'p1',
        comment: TWICE,
        change: withSummary([comment('a@example.test', 'Edited'), TWICE]),
        deleteCopy: false,
      }),
    );
  });

  it('keeps a fan to one comment at a time, their own', async () => {
    await seedWithCopy(FAN.sub, TWICE, { copies: 2 });
    await expectDenied(removeComment(fan, { postId: 'p1', comment: TWICE }));
    await expectDenied(
      removeComment(other, {
        postId: 'p1',
        comment: TWICE,
        change: withOneLeft,
        deleteCopy: false,
      }),
    );
  });
});

describe('visible text (problem 5) and sizes in UTF-8 bytes', () => {
  it.each([
    ['only U+1D159 (a blank musical symbol)', '\u{1D159}'],
    ['only Hangul fillers', '\u115F\u1160\u3164\uFFA0'],
    // Unassigned: production's RE2 does not count them as \p{C}, so a rule of "not \p{C}" would
    // have accepted them there; the positive class refuses them in both.
    ['only unassigned U+2065 and U+FFF0', '\u2065\uFFF0'],
    ['only unassigned tag-area code points', '\u{E0080}\u{E00FF}'],
    ['padding around a blank', `  \u2800  `],
  ])('denies a comment of %s', async (_, text) => {
    await expectDenied(commentAs(FAN, text));
  });

  it('allows one visible character among blanks, and 2,000 bytes but not 2,004', async () => {
    await expectAllowed(commentAs(FAN, '\u3164a\u3164'));
    await lastActed(FAN.sub);
    await expectDenied(commentAs(FAN, '\u{1F3C6}'.repeat(501)));
    await expectAllowed(commentAs(FAN, '\u{1F3C6}'.repeat(500)));
  });

  it('denies a link with an unassigned code point, which "not \\p{C}" let through in production', async () => {
    const batch = writeBatch(admin);
    const ref = doc(collection(admin, 'posts'));
    batch.set(ref, newPost({ link: 'https://news.example/a\u2065b' }));
    stampChange(admin, batch, ref.id);
    await expectDenied(batch.commit());
  });
});
