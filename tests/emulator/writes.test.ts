import {
  addDoc,
  arrayRemove,
  arrayUnion,
  Bytes,
  collection,
  deleteDoc,
  deleteField,
  doc,
  GeoPoint,
  getDoc,
  increment,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rejection, startHarness, type Harness } from '../support/harness';

let h: Harness;
let db: Firestore;
beforeAll(async () => {
  h = await startHarness('demo-emulator-writes');
  db = h.client();
});
afterAll(() => h.close());
beforeEach(() => h.clear());

interface CommitJson {
  writeResults: { updateTime?: string; transformResults?: unknown[] }[];
  commitTime: string;
}

async function commit(writes: unknown[]): Promise<{ status: number; json: unknown }> {
  return h.rest('commit', { writes });
}

async function fields(path: string): Promise<unknown> {
  const result = await h.rest('batchGet', { documents: [h.name(path)] });
  const [entry] = result.json as { found?: { fields?: unknown } }[];
  return entry.found ? (entry.found.fields ?? {}) : undefined;
}

describe('add, set, merge, update, delete', () => {
  it('round-trips every value type through the Lite SDK', async () => {
    const ref = doc(db, 'posts', 'types');
    const data = {
      nul: null,
      bool: true,
      int: 42,
      big: -9007199254740991,
      dbl: 1.5,
      nan: NaN,
      inf: Infinity,
      ninf: -Infinity,
      ts: new Timestamp(1700000000, 123456000),
      str: 'héllo 😀',
      bytes: Bytes.fromUint8Array(new Uint8Array([0, 1, 255])),
      ref: doc(db, 'posts', 'other'),
      geo: new GeoPoint(51.5, -0.12),
      arr: [1, 'two', { three: 3 }],
      map: { nested: { deep: [true] } },
    };
    await setDoc(ref, data);
    const snapshot = await getDoc(ref);
    const read = snapshot.data() ?? {};
    expect(read.nan).toBeNaN();
    expect({
      ...read,
      nan: 0,
      ref: (read.ref as { path: string }).path,
      bytes: (read.bytes as Bytes).toBase64(),
    }).toEqual({
      ...data,
      nan: 0,
      ref: 'posts/other',
      bytes: 'AAH/',
    });
  });

  it('keeps integers beyond 2^53 exact and timestamps to the microsecond', async () => {
    const name = h.name('posts/precise');
    const result = await commit([
      {
        update: {
          name,
          fields: {
            big: { integerValue: '9223372036854775807' },
            ts: { timestampValue: '2026-01-02T03:04:05.123456789+01:00' },
          },
        },
      },
    ]);
    expect(result.status).toBe(200);
    expect(await fields('posts/precise')).toEqual({
      big: { integerValue: '9223372036854775807' },
      ts: { timestampValue: '2026-01-02T02:04:05.123456Z' },
    });
  });

  it('add, set (replace), set with merge, update of nested paths, deleteField, delete', async () => {
    const added = await addDoc(collection(db, 'posts'), { title: 'a', meta: { x: 1, y: 2 } });
    expect(added.id).toMatch(/^[A-Za-z0-9]{20}$/);
    const ref = doc(db, 'posts', added.id);
    await setDoc(ref, { meta: { y: 3 } }, { merge: true });
    expect((await getDoc(ref)).data()).toEqual({ title: 'a', meta: { x: 1, y: 3 } });
    await updateDoc(ref, { 'meta.x': deleteField(), 'meta.z': 'z', title: 'b' });
    expect((await getDoc(ref)).data()).toEqual({ title: 'b', meta: { y: 3, z: 'z' } });
    await setDoc(ref, { only: true });
    expect((await getDoc(ref)).data()).toEqual({ only: true });
    await deleteDoc(ref);
    expect((await getDoc(ref)).exists()).toBe(false);
    await deleteDoc(ref); // deleting a missing document succeeds, as in Firestore
  });

  it('keeps createTime across updates, advances updateTime, and omits updateTime for deletes', async () => {
    const name = h.name('posts/times');
    const first = (await commit([{ update: { name, fields: { n: { integerValue: '1' } } } }]))
      .json as CommitJson;
    const second = (await commit([{ update: { name, fields: { n: { integerValue: '2' } } } }]))
      .json as CommitJson;
    expect(second.writeResults[0].updateTime! > first.writeResults[0].updateTime!).toBe(true);
    expect(first.writeResults[0].updateTime).toBe(first.commitTime);
    expect(first.commitTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const got = (await h.rest('batchGet', { documents: [name] })).json as {
      found: { createTime: string; updateTime: string };
    }[];
    expect(got[0].found.createTime).toBe(first.commitTime);
    expect(got[0].found.updateTime).toBe(second.commitTime);
    // matches Firestore: a write that changes nothing reports the previous updateTime.
    const same = (await commit([{ update: { name, fields: { n: { integerValue: '2' } } } }]))
      .json as CommitJson;
    expect(same.writeResults[0].updateTime).toBe(second.commitTime);
    const deleted = (await commit([{ delete: name }])).json as CommitJson;
    expect(deleted.writeResults[0]).toEqual({});
  });
});

describe('transforms', () => {
  it('serverTimestamp, increment, arrayUnion and arrayRemove through the SDK', async () => {
    const ref = doc(db, 'posts', 't');
    await setDoc(ref, { n: 1, tags: ['a', 'b', 'a'] });
    const before = Date.now();
    await updateDoc(ref, {
      n: increment(2),
      at: serverTimestamp(),
      tags: arrayUnion('c', 'a', 'd'),
    });
    let data = (await getDoc(ref)).data() ?? {};
    expect(data.n).toBe(3);
    expect(data.tags).toEqual(['a', 'b', 'a', 'c', 'd']);
    expect((data.at as Timestamp).toMillis()).toBeGreaterThanOrEqual(before - 5);
    await updateDoc(ref, { tags: arrayRemove('a', 'd'), n: increment(0.5) });
    data = (await getDoc(ref)).data() ?? {};
    expect(data.tags).toEqual(['b', 'c']);
    expect(data.n).toBe(3.5);
  });

  it('reports transform results and follows int/double, saturation, maximum and minimum rules', async () => {
    const name = h.name('posts/n');
    const int = (v: string) => ({ integerValue: v });
    await commit([
      {
        update: {
          name,
          fields: {
            i: int('5'),
            big: int('9223372036854775800'),
            s: { stringValue: 'x' },
            m: int('3'),
            z: int('0'),
          },
        },
      },
    ]);
    const result = await commit([
      {
        update: { name, fields: {} },
        updateMask: { fieldPaths: [] },
        updateTransforms: [
          { fieldPath: 'i', increment: int('1') },
          { fieldPath: 'big', increment: int('100') },
          { fieldPath: 's', increment: { doubleValue: 1.5 } },
          { fieldPath: 'missing', increment: int('7') },
          { fieldPath: 'm', maximum: { doubleValue: 3.0 } },
          { fieldPath: 'm', maximum: { doubleValue: 4.5 } },
          { fieldPath: 'z', minimum: { doubleValue: -0 } },
          { fieldPath: 'newMin', minimum: int('-2') },
          {
            fieldPath: 'arr',
            appendMissingElements: { values: [int('1'), { doubleValue: 1.0 }, int('2')] },
          },
          { fieldPath: 'gone', removeAllFromArray: { values: [int('1')] } },
        ],
      },
    ]);
    expect(result.status).toBe(200);
    const results = (result.json as CommitJson).writeResults[0].transformResults;
    expect(results).toEqual([
      int('6'),
      int('9223372036854775807'),
      { doubleValue: 1.5 },
      int('7'),
      int('3'),
      { doubleValue: 4.5 },
      int('0'),
      int('-2'),
      { nullValue: null },
      { nullValue: null },
    ]);
    expect(await fields('posts/n')).toEqual({
      i: int('6'),
      big: int('9223372036854775807'),
      s: { doubleValue: 1.5 },
      missing: int('7'),
      m: { doubleValue: 4.5 },
      z: int('0'),
      newMin: int('-2'),
      arr: { arrayValue: { values: [int('1'), int('2')] } },
      gone: { arrayValue: {} },
    });
  });

  it('keeps all 50 concurrent arrayUnion appends to one document', async () => {
    const ref = doc(db, 'posts', 'busy');
    await setDoc(ref, { comments: [] });
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        updateDoc(ref, { comments: arrayUnion({ user: `fan${i}@example.com`, text: `c${i}` }) }),
      ),
    );
    const comments = ((await getDoc(ref)).get('comments') as { user: string }[])
      .map((c) => c.user)
      .sort();
    expect(comments).toHaveLength(50);
    expect(new Set(comments).size).toBe(50);
  });
});

describe('preconditions and atomic commits', () => {
  it('reports missing, existing and stale documents with Firestore status codes', async () => {
    const ref = doc(db, 'posts', 'p');
    const missing = await rejection(updateDoc(ref, { a: 1 }));
    expect(missing.code).toBe('not-found');
    expect(String(missing.message)).toContain(`No document to update: ${h.name('posts/p')}`);

    const name = h.name('posts/p');
    await setDoc(ref, { a: 1 });
    const exists = await commit([
      { update: { name, fields: {} }, currentDocument: { exists: false } },
    ]);
    expect(exists.status).toBe(409);
    expect(exists.json).toEqual({
      error: { code: 409, status: 'ALREADY_EXISTS', message: `Document already exists: ${name}` },
    });

    const stale = await commit([
      { update: { name, fields: {} }, currentDocument: { updateTime: '2001-01-01T00:00:00Z' } },
    ]);
    expect(stale.status).toBe(400);
    expect((stale.json as { error: { status: string } }).error.status).toBe('FAILED_PRECONDITION');

    const current = (await h.rest('batchGet', { documents: [name] })).json as {
      found: { updateTime: string };
    }[];
    const fresh = await commit([
      {
        update: { name, fields: { a: { integerValue: '2' } } },
        currentDocument: { updateTime: current[0].found.updateTime },
      },
    ]);
    expect(fresh.status).toBe(200);
    const deleteMissing = await commit([
      { delete: h.name('posts/none'), currentDocument: { exists: true } },
    ]);
    expect(deleteMissing.status).toBe(404);
  });

  it('maps HTTP statuses to FirestoreError codes the way the Lite SDK does', async () => {
    // The Lite SDK derives the code from the HTTP status only: 409 → aborted, 400 → failed-precondition.
    const ref = doc(db, 'posts', 'dup');
    await setDoc(ref, { a: 1 });
    const batch = writeBatch(db);
    batch.update(doc(db, 'posts', 'absent'), { a: 1 });
    expect((await rejection(batch.commit())).code).toBe('not-found');
    const added = await addDoc(collection(db, 'posts'), { a: 1 });
    expect(added.id).not.toBe('dup');
    const tooBig = await rejection(setDoc(ref, { blob: 'x'.repeat(1_048_576) }));
    expect(tooBig.code).toBe('failed-precondition');
    expect(String(tooBig.message)).toMatch(/exceeds the maximum allowed size of 1,048,576 bytes/);
  });

  it('applies all writes of a batch or none', async () => {
    await setDoc(doc(db, 'posts', 'keep'), { n: 1 });
    const batch = writeBatch(db);
    batch.set(doc(db, 'posts', 'new1'), { n: 1 });
    batch.update(doc(db, 'posts', 'keep'), { n: 2 });
    batch.delete(doc(db, 'posts', 'keep2'));
    batch.update(doc(db, 'posts', 'absent'), { n: 3 }); // fails: not found
    expect((await rejection(batch.commit())).code).toBe('not-found');
    expect((await getDoc(doc(db, 'posts', 'new1'))).exists()).toBe(false);
    expect((await getDoc(doc(db, 'posts', 'keep'))).get('n')).toBe(1);

    const ok = writeBatch(db);
    ok.set(doc(db, 'posts', 'chain'), { n: 1 });
    ok.update(doc(db, 'posts', 'chain'), { n: increment(1) }); // sees the write before it
    ok.set(doc(db, 'posts', 'other'), { n: 9 });
    await ok.commit();
    expect((await getDoc(doc(db, 'posts', 'chain'))).get('n')).toBe(2);
    expect((await getDoc(doc(db, 'posts', 'other'))).get('n')).toBe(9);
  });

  it('refuses documents over 1 MiB and accepts one just under', async () => {
    const name = h.name('posts/big');
    // name: 6 + 4 + 16 = 26; field 'b': 2; value: n + 1; document: + 32 → n = 1,048,576 - 61 fits exactly.
    const fits = 1_048_576 - 61;
    const ok = await commit([
      { update: { name, fields: { b: { stringValue: 'x'.repeat(fits) } } } },
    ]);
    expect(ok.status).toBe(200);
    const over = await commit([
      { update: { name, fields: { b: { stringValue: 'x'.repeat(fits + 1) } } } },
    ]);
    expect(over.status).toBe(400);
    expect((over.json as { error: { status: string; message: string } }).error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: expect.stringContaining(name),
    });
  });
});
