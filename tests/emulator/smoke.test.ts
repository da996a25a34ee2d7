import {
  addDoc,
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  setDoc,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('demo-emulator-smoke');
});
afterAll(() => h.close());
beforeEach(() => h.clear());

describe('smoke: the Lite SDK against the emulator', () => {
  it('writes, reads back and pages a collection', async () => {
    const db = h.client();
    for (let i = 0; i < 5; i++)
      await addDoc(collection(db, 'posts'), { title: `t${i}`, created: i });
    await setDoc(doc(db, 'posts', 'fixed'), {
      title: 'fixed',
      created: 10,
      nested: { a: [1, 'x', null] },
    });
    const snap = await getDoc(doc(db, 'posts', 'fixed'));
    expect(snap.data()).toEqual({ title: 'fixed', created: 10, nested: { a: [1, 'x', null] } });
    const page = await getDocs(
      query(collection(db, 'posts'), orderBy('created', 'desc'), limit(3)),
    );
    expect(page.docs.map((d) => d.get('created'))).toEqual([10, 4, 3]);
    expect((await getDoc(doc(db, 'posts', 'missing'))).exists()).toBe(false);
  });
});
