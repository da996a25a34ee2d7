/**
 * The change stamps the live feed polls (postChanges/{postId}, firestore.rules): every post write
 * must carry one, at the server's time, and a stamp never stands alone, so nobody can make every
 * open page read a post again for nothing. Attacked through the real Lite SDK.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addDoc,
  arrayUnion,
  collection,
  deleteDoc,
  doc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
  type WriteBatch,
} from 'firebase/firestore/lite';
import {
  expectAllowed,
  expectDenied,
  googleUser,
  newPost,
  startHarness,
  type Harness,
} from '../../support/harness';
import { ADMIN, comment, FAN } from '../../support/fixtures';
import { commitRemoval } from '../../../src/features/feed/store/commentRemoval';
import { postStamp } from '../../../src/shared/store/postStamp';
import {
  commentAs,
  drop,
  move,
  PATHS,
  seedPost,
  storeOf,
  tampered,
  type Tamper,
} from '../../support/thread';

const OTHER_FAN = googleUser('fan-2', 'other@example.test');
const COMMENT = comment(FAN.email);

let harness: Harness;
let admin: Firestore;
let fan: Firestore;
let visitor: Firestore;

beforeAll(async () => {
  harness = await startHarness('demo-rules-post-changes');
  admin = harness.client(ADMIN);
  fan = harness.client(FAN);
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

const stamp = (db: Firestore, id = 'p1') => doc(db, 'postChanges', id);
const post = (db: Firestore, id = 'p1') => doc(db, 'posts', id);

/** One batch: `write`, then (unless `at` is null) the stamp of post `id` at `at`. */
function batch(
  db: Firestore,
  write: (batch: WriteBatch) => void,
  id = 'p1',
  at: unknown = serverTimestamp(),
): Promise<void> {
  const writes = writeBatch(db);
  write(writes);
  if (at !== null) writes.set(stamp(db, id), { at, postAt: at });
  return writes.commit();
}

/** The fan's comment through the app's recipe, its commit changed by `tamper`. */
const fanComment = (tamper?: Tamper) => commentAs(harness, FAN, { tamper });
/** The fan's removal of their comment through the app's recipe. */
const fanRemoval = (tamper?: Tamper) => {
  const store = storeOf(harness, FAN);
  return commitRemoval(tamper ? tampered(store, tamper) : store, 'p1', COMMENT);
};

describe('every post write carries its change stamp', () => {
  it('allows each of the app’s writes with the stamp at the server time', async () => {
    await expectAllowed(batch(admin, (w) => w.set(post(admin, 'p3'), newPost()), 'p3'));
    await expectAllowed(batch(admin, (w) => w.update(post(admin), { content: 'Edited' })));
    await expectAllowed(fanComment());
    await expectAllowed(fanRemoval());
    await expectAllowed(batch(admin, (w) => w.delete(post(admin, 'p2')), 'p2'));
  });

  it('refuses each of them without the stamp', async () => {
    await expectDenied(addDoc(collection(admin, 'posts'), newPost()));
    await expectDenied(updateDoc(post(admin), { content: 'Edited' }));
    await expectDenied(deleteDoc(post(admin)));
    await expectDenied(fanComment(drop(PATHS.stamp)));
    await fanComment();
    await expectDenied(fanRemoval(drop(PATHS.stamp)));
  });

  it('refuses a stamp at a time the client chose, or with other fields', async () => {
    const edit = (w: WriteBatch) => w.update(post(admin), { content: 'Edited' });
    await expectDenied(batch(admin, edit, 'p1', Timestamp.now()));
    await expectDenied(batch(admin, edit, 'p1', Timestamp.fromMillis(Date.now() + 3_600_000)));
    await expectDenied(batch(admin, edit, 'p1', 'now'));
    const extra = writeBatch(admin);
    edit(extra);
    extra.set(stamp(admin), { ...postStamp({ serverTimestamp }), by: 'admin' });
    await expectDenied(extra.commit());
  });

  it('refuses a comment stamped under another post', async () => {
    await expectDenied(fanComment(move(PATHS.stamp, 'postChanges/p2')));
    await expectAllowed(fanComment());
  });
});

describe('a stamp never stands alone', () => {
  it('refuses a fan’s or a visitor’s stamp of a post that did not change', async () => {
    const now = postStamp({ serverTimestamp });
    await expectDenied(setDoc(stamp(fan), now));
    await expectDenied(setDoc(stamp(visitor), now));
    await expectDenied(setDoc(stamp(fan, 'nowhere'), now));
  });

  it('refuses a fan’s update that leaves the post as it was', async () => {
    // A count rewritten as it was changes nothing: nothing to tell open pages.
    await expectDenied(batch(fan, (w) => w.update(post(fan), { commentCount: 0 })));
    await expectDenied(batch(fan, (w) => w.update(post(fan), { cardComments: arrayUnion() })));
  });

  it('lets the administrator save an edit that changes nothing', async () => {
    const content = newPost().content;
    await expectAllowed(batch(admin, (w) => w.update(post(admin), { content })));
  });

  it('refuses deleting or rewriting a stamp by anyone', async () => {
    await expectAllowed(fanComment());
    await expectDenied(deleteDoc(stamp(admin)));
    await expectDenied(deleteDoc(stamp(fan)));
    await expectDenied(updateDoc(stamp(harness.client(OTHER_FAN)), { at: serverTimestamp() }));
  });
});

describe('reading the stamps', () => {
  it('lets anyone ask for the stamps newer than a time, a page at a time', async () => {
    const before = Timestamp.fromMillis(Date.now() - 60_000);
    await expectAllowed(batch(admin, (w) => w.update(post(admin), { content: 'Edited' })));
    const newer = query(
      collection(visitor, 'postChanges'),
      where('at', '>', before),
      orderBy('at'),
      limit(50),
    );
    const snapshot = await getDocs(newer);
    expect(snapshot.docs.map((change) => change.id)).toEqual(['p1']);
  });

  it('refuses a query without a limit, or with more than 50 a page', async () => {
    await expectDenied(getDocs(collection(visitor, 'postChanges')));
    await expectDenied(getDocs(query(collection(visitor, 'postChanges'), limit(51))));
  });

  it('refuses an offset (every skipped stamp is billed)', async () => {
    const { status } = await harness.rest('runQuery', {
      structuredQuery: { from: [{ collectionId: 'postChanges' }], limit: 10, offset: 5 },
    });
    expect(status).toBe(403);
  });
});
