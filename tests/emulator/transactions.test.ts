/**
 * Transactions through the Lite SDK. Firestore Lite runs them optimistically on the client: reads
 * by batchGet, then one commit whose writes carry the read documents' updateTime (or exists:false)
 * as preconditions, and a `verify` write for each document read but not written. A document that
 * changed in between fails the commit, and the SDK runs the function again.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { doc, getDoc, runTransaction, setDoc, type Firestore } from 'firebase/firestore/lite';
import { startHarness, type Harness } from '../support/harness';

let h: Harness;
let db: Firestore;

beforeAll(async () => {
  h = await startHarness('demo-emulator-transactions');
  db = h.client();
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.clear();
});

describe('runTransaction', () => {
  it('reads and writes atomically, and returns what the function returns', async () => {
    await setDoc(doc(db, 'counters/a'), { n: 1 });
    const result = await runTransaction(db, async (tx) => {
      const current = (await tx.get(doc(db, 'counters/a'))).get('n') as number; // written above
      tx.update(doc(db, 'counters/a'), { n: current + 1 });
      tx.set(doc(db, 'counters/b'), { n: current });
      return current;
    });
    expect(result).toBe(1);
    expect((await getDoc(doc(db, 'counters/a'))).data()).toEqual({ n: 2 });
    expect((await getDoc(doc(db, 'counters/b'))).data()).toEqual({ n: 1 });
  });

  it('keeps every increment when 20 transactions race on one document (retries on conflict)', async () => {
    await setDoc(doc(db, 'counters/c'), { n: 0 });
    await Promise.all(
      Array.from({ length: 20 }, () =>
        runTransaction(db, async (tx) => {
          const snapshot = await tx.get(doc(db, 'counters/c'));
          tx.update(doc(db, 'counters/c'), { n: (snapshot.get('n') as number) + 1 }); // a number
        }),
      ),
    );
    expect((await getDoc(doc(db, 'counters/c'))).get('n')).toBe(20);
  });

  it('runs the function again when a document it read changes before the commit', async () => {
    await setDoc(doc(db, 'counters/d'), { n: 0 });
    await setDoc(doc(db, 'counters/log'), { runs: 0 });
    let runs = 0;
    await runTransaction(db, async (tx) => {
      runs += 1;
      const read = await tx.get(doc(db, 'counters/d'));
      // Only the first attempt is interfered with: another client writes what it read.
      if (runs === 1) await setDoc(doc(db, 'counters/d'), { n: 100 });
      tx.set(doc(db, 'counters/log'), { runs, saw: read.get('n') as number }); // a number
    });
    expect(runs).toBe(2);
    expect((await getDoc(doc(db, 'counters/log'))).data()).toEqual({ runs: 2, saw: 100 });
  });

  it('treats a document read as missing as a precondition: created meanwhile, it retries', async () => {
    let runs = 0;
    await runTransaction(db, async (tx) => {
      runs += 1;
      const read = await tx.get(doc(db, 'slots/x'));
      if (runs === 1) await setDoc(doc(db, 'slots/x'), { owner: 'someone else' });
      if (!read.exists()) tx.set(doc(db, 'slots/x'), { owner: 'me' });
    });
    expect(runs).toBe(2);
    expect((await getDoc(doc(db, 'slots/x'))).data()).toEqual({ owner: 'someone else' });
  });

  it('writes nothing when the function throws', async () => {
    await expect(
      runTransaction(db, async (tx) => {
        tx.set(doc(db, 'counters/e'), { n: 1 });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await getDoc(doc(db, 'counters/e'))).exists()).toBe(false);
  });
});
