/**
 * The moderation rules (firestore.rules): the comment copies in comments/, reports, suspensions,
 * closed posts, the rate limit per comment and the removal of a comment with its copy, attacked
 * through the real Lite SDK as a fan, another fan, a visitor and the administrator would. Every
 * comment allowed is the app's recipe (src/features/feed/store/commentCommits.ts); an attack
 * changes one piece of its commit (tests/support/thread.ts) or builds its own.
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
import { commentCopy, threadComment } from '../../../src/features/feed/store/commentCommits';
import { commitRemoval } from '../../../src/features/feed/store/commentRemoval';
import {
  commentId,
  reportId,
  type ReportReason,
} from '../../../src/features/comments/data/commentCopies';
import type { Comment } from '../../../src/shared/posts/post';
import { postStamp } from '../../../src/shared/store/postStamp';
import {
  expectAllowed,
  expectDenied,
  googleUser,
  newPost,
  startHarness,
  unsignedToken,
  type Harness,
  type Persona,
} from '../../support/harness';
import { ADMIN, comment, DATE, FAN, OTHER_FAN, TITLE } from '../../support/fixtures';
import { stampChange } from '../../support/stampedWrites';
import {
  add,
  all,
  commentAs as recipeComment,
  drop,
  edit,
  lastCommented,
  move,
  PATHS,
  seedPost,
  storeOf,
  tampered,
  threadIds,
  type CommentOptions,
  type Tamper,
} from '../../support/thread';

const FAN_COMMENT = comment(FAN.email, 'Mine');

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
  await seedPost(harness, 'p1');
  await seedPost(harness, 'p2');
});

/** `persona` comments `text` on p1 through the recipe (options: another post, a tamper). */
function commentAs(
  persona: Persona & { email: string },
  text = 'Great signing!',
  options: CommentOptions = {},
) {
  return recipeComment(harness, persona, { text, ...options });
}

/**
 * Seeds, as the owner, `item` by `uid` in post `postId`'s thread, counted by its summary, and its
 * moderation copy: a comment as the recipe leaves it.
 */
async function seedWithCopy(
  uid: string,
  item: Comment,
  { postId = 'p1', reports = 0 } = {},
): Promise<string> {
  const id = await commentId(postId, item);
  const at = new Date();
  await seedPost(harness, postId, { fields: { commentCount: 1, cardComments: [item] } });
  await harness.seed(`posts/${postId}/comments/${id}`, threadComment(item, at));
  await harness.seed(`comments/${id}`, {
    ...commentCopy({ postId, postTitle: TITLE, comment: item, uid }, at),
    reports,
    reported: reports > 0,
  });
  return id;
}

/** The account commented or reported `seconds` ago: the rate limit is not what a test meets. */
const lastActed = (uid: string, seconds = 11) => lastCommented(harness, uid, seconds);

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
  it('allows a comment with its copy and stamp, and stores the copy as the thread has it', async () => {
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
    expect(await threadIds(harness)).toEqual([id]);
  });

  it('allows the administrator’s comment with its copy', async () => {
    await expectAllowed(commentAs(ADMIN, 'Official: welcome!'));
  });

  const onCopy = (fields: Record<string, unknown>) =>
    edit(PATHS.copy, (data) => ({ ...data, ...fields }));
  it.each<[string, Tamper]>([
    ['without its copy', drop(PATHS.copy)],
    ['with a copy of other text', onCopy({ text: 'Something else' })],
    ['with a copy naming another account', onCopy({ uid: OTHER_FAN.sub })],
    ['with a copy naming another author', onCopy({ user: OTHER_FAN.email })],
    ['with a copy of another post title', onCopy({ postTitle: 'Keeper joins on loan' })],
    ['with a copy of another post', onCopy({ postId: 'p2' })],
    ['with a copy already reported', onCopy({ reports: 1 })],
    ['with a copy flagged as reported', onCopy({ reported: true })],
    ['with a copy dated by the client', onCopy({ at: Timestamp.now() })],
    ['with a copy of an extra field', onCopy({ likes: 0 })],
    ['with a copy of a key named constructor', onCopy({ constructor: 'x' })],
    ['with a copy of a key named hasOwnProperty', onCopy({ hasOwnProperty: 'x' })],
    ['without its stamp', drop(PATHS.commenter)],
    [
      'with a stamp naming another comment',
      edit(PATHS.commenter, (data) => ({ ...data, target: 'p1_other' })),
    ],
  ])('denies a comment %s (as fan); allows the twin', async (_, tamper) => {
    await expectDenied(commentAs(FAN, 'Welcome!', { tamper }));
    await expectAllowed(commentAs(FAN, 'Welcome!'));
  });

  it('denies a copy without the comment (as fan)', async () => {
    const item = comment(FAN.email, 'Ghost');
    const id = await commentId('p1', item);
    const batch = writeBatch(fan);
    const copy = { postId: 'p1', postTitle: TITLE, comment: item, uid: FAN.sub };
    batch.set(doc(fan, 'comments', id), commentCopy(copy, serverTimestamp()));
    batch.set(doc(fan, 'commenters', FAN.sub), { last: serverTimestamp(), target: id });
    await expectDenied(batch.commit());
  });

  it('denies a copy at an id that is not its comment’s hash (as fan)', async () => {
    const tamper = all(
      move(PATHS.copy, 'comments/p1_chosen'),
      edit(PATHS.commenter, (data) => ({ ...data, target: 'p1_chosen' })),
    );
    await expectDenied(commentAs(FAN, 'Welcome!', { tamper }));
    await expectAllowed(commentAs(FAN, 'Welcome!'));
  });

  it('denies a copy of a comment already in the thread, to report or list it as new (as fan)', async () => {
    const id = await seedWithCopy(FAN.sub, FAN_COMMENT);
    await harness.owner.commit([{ delete: harness.name(`comments/${id}`) }]);
    const batch = writeBatch(fan);
    const copy = { postId: 'p1', postTitle: TITLE, comment: FAN_COMMENT, uid: FAN.sub };
    batch.set(doc(fan, 'comments', id), commentCopy(copy, serverTimestamp()));
    batch.set(doc(fan, 'commenters', FAN.sub), { last: serverTimestamp(), target: id });
    await expectDenied(batch.commit());
  });

  it('denies the same comment twice: its id is taken', async () => {
    await expectAllowed(commentAs(FAN, 'Twice'));
    await lastActed(FAN.sub);
    await expectDenied(commentAs(FAN, 'Twice'));
    expect(await threadIds(harness)).toHaveLength(1);
  });

  // One rate-limit stamp for a comment on each of two posts: the stamp names one comment.
  it('denies a commit that adds to two posts, each with its copy (as fan)', async () => {
    const second = comment(FAN.email, 'And here');
    const secondId = await commentId('p2', second);
    const copy = { postId: 'p2', postTitle: TITLE, comment: second, uid: FAN.sub };
    const tamper = add(() => [
      {
        op: 'set',
        path: `posts/p2/comments/${secondId}`,
        data: threadComment(second, serverTimestamp()),
      },
      { op: 'set', path: `comments/${secondId}`, data: commentCopy(copy, serverTimestamp()) },
      {
        op: 'update',
        path: 'posts/p2',
        data: { commentCount: increment(1), cardComments: [second] },
      },
      { op: 'set', path: 'postChanges/p2', data: postStamp({ serverTimestamp }, secondId) },
    ]);
    await expectDenied(commentAs(FAN, 'Here', { tamper }));
    expect(await threadIds(harness, 'p2')).toEqual([]);
    await expectAllowed(commentAs(FAN, 'Here'));
  });

  it('allows the next comment, on another post, only 10 seconds later', async () => {
    await expectAllowed(commentAs(FAN, 'Here'));
    await expectDenied(commentAs(FAN, 'There', { postId: 'p2' }));
    await lastActed(FAN.sub);
    await expectAllowed(commentAs(FAN, 'There', { postId: 'p2' }));
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

describe('closed posts', () => {
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
    await seedPost(harness, 'p1', { fields: { closed: true } });
    await expectDenied(close(fan, false));
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
  const remove = (db: Firestore, tamper?: Tamper) => {
    const store = { ...storeOf(harness, null), db };
    return commitRemoval(tamper ? tampered(store, tamper) : store, 'p1', FAN_COMMENT);
  };

  it('allows a fan removing their own comment with its copy', async () => {
    const id = await seedWithCopy(FAN.sub, FAN_COMMENT);
    await expectAllowed(remove(fan));
    expect(await storedCopy(id)).toBeNull();
  });

  it('denies removing a comment while leaving its copy, as the author or the administrator', async () => {
    await seedWithCopy(FAN.sub, FAN_COMMENT);
    await expectDenied(remove(fan, drop(PATHS.copy)));
    await expectDenied(remove(admin, drop(PATHS.copy)));
  });

  it('denies deleting a copy while its comment stays, as the author or the administrator', async () => {
    const id = await seedWithCopy(FAN.sub, FAN_COMMENT);
    await expectDenied(deleteDoc(doc(fan, 'comments', id)));
    await expectDenied(deleteDoc(doc(admin, 'comments', id)));
  });

  it('denies a fan removing another’s comment and its copy', async () => {
    await seedWithCopy(FAN.sub, FAN_COMMENT);
    await expectDenied(remove(other));
  });

  it('allows the administrator removing any comment with its copy', async () => {
    const id = await seedWithCopy(FAN.sub, FAN_COMMENT);
    await expectAllowed(remove(admin));
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

  it('still removes a comment written before copies existed (it has none)', async () => {
    const id = await seedWithCopy(FAN.sub, FAN_COMMENT);
    await harness.owner.commit([{ delete: harness.name(`comments/${id}`) }]);
    await expectAllowed(remove(fan));
    expect(await threadIds(harness)).toEqual([]);
  });
});

describe('text the rules refuse', () => {
  it('denies a link with an unassigned code point, which "not \\p{C}" let through in production', async () => {
    const batch = writeBatch(admin);
    const ref = doc(collection(admin, 'posts'));
    batch.set(ref, newPost({ link: 'https://news.example/a\u2065b' }));
    stampChange(admin, batch, ref.id);
    await expectDenied(batch.commit());
  });
});
