/**
 * The seed writes each demo comment's moderation copy as firestore.rules has a client write it,
 * so the moderation view has data and the rules treat seeded comments as any other: the
 * administrator's removal of a seeded comment must take its copy too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sdk from 'firebase/firestore/lite';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  where,
} from 'firebase/firestore/lite';
import { readAdminEmail } from '../../../scripts/lib/adminEmail';
import { commitRemoval } from '../../../src/features/feed/store/commentRemoval';
import { expectDenied, googleUser, startHarness, type Harness } from '../../support/harness';
import { commentTime, demoUid, type DemoPost } from '../../../scripts/seed/demoPosts';
import { writePosts } from '../../../scripts/seed/seed';

const CREATED = Date.UTC(2026, 10, 1, 12);
const comment = (user: string, text: string) => ({ user, text, date: '01/11/2026, 12:25:00' });
const TWICE = comment('fan@example.com', 'Posted twice');
const POST: DemoPost = {
  title: 'Striker signs',
  content: 'The club confirms.',
  imageUrl: '',
  link: '',
  comments: [comment('away.days@example.com', 'Get it done!'), TWICE, TWICE],
  created: CREATED,
};

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness('demo-rules-seed');
  await writePosts({ firestoreUrl: harness.url, projectId: harness.projectId }, [POST]);
});
afterAll(async () => {
  await harness.close();
});

describe('the seed’s comment copies', () => {
  const admin = () => harness.client(googleUser('admin-1', readAdminEmail()));

  it('writes one copy per distinct comment, with the author’s demo account and time', async () => {
    const copies = await getDocs(query(collection(admin(), 'comments'), limit(50)));
    expect(copies.size).toBe(2);
    const first = copies.docs.find((copy) => copy.get('text') === 'Get it done!');
    expect(first?.data()).toMatchObject({
      postTitle: 'Striker signs',
      user: 'away.days@example.com',
      uid: demoUid('away.days@example.com'),
      reports: 0,
      reported: false,
    });
    expect(first?.get('at').toMillis()).toBe(commentTime(CREATED, 0));
  });

  // The seed lays each comment out as the recipe does (a thread document beside its copy), so the
  // recipe's removal takes both, and the rules keep neither without the other.
  it('ties each copy to its thread document as the rules do: neither goes alone', async () => {
    const db = admin();
    const mine = await getDocs(
      query(collection(db, 'comments'), where('uid', '==', demoUid('fan@example.com')), limit(50)),
    );
    const copyId = mine.docs[0].id;
    const postId = String(mine.docs[0].get('postId'));
    await expectDenied(deleteDoc(doc(db, 'comments', copyId)));
    expect((await commitRemoval({ sdk, db }, postId, TWICE)).countedBy).toBe('summary');
    expect((await getDoc(doc(db, 'comments', copyId))).exists()).toBe(false);
    expect((await getDoc(doc(db, 'posts', postId, 'comments', copyId))).exists()).toBe(false);
    expect((await getDoc(doc(db, 'posts', postId))).get('commentCount')).toBe(1);
  });
});
