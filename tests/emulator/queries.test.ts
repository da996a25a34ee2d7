import {
  and,
  collection,
  doc,
  documentId,
  endAt,
  endBefore,
  getDoc,
  getDocs,
  limit,
  limitToLast,
  or,
  orderBy,
  query,
  startAfter,
  startAt,
  where,
  type Firestore,
  type QueryCompositeFilterConstraint,
  type QueryConstraint,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../support/harness';

let h: Harness;
let db: Firestore;
beforeAll(async () => {
  h = await startHarness('demo-emulator-queries');
  db = h.client();
});
afterAll(() => h.close());
beforeEach(() => h.clear());

/** Writes documents with exact REST values (so 1 and 1.0 can differ in type). */
async function seed(
  collectionId: string,
  docs: Record<string, Record<string, unknown>>,
): Promise<void> {
  const writes = Object.entries(docs).map(([id, fields]) => ({
    update: { name: h.name(`${collectionId}/${id}`), fields },
  }));
  const result = await h.rest('commit', { writes });
  expect(result.status).toBe(200);
}

async function ids(...constraints: QueryConstraint[]): Promise<string[]> {
  const snapshot = await getDocs(query(collection(db, 'items'), ...constraints));
  return snapshot.docs.map((d) => d.id);
}

async function idsWhere(filter: QueryCompositeFilterConstraint): Promise<string[]> {
  const snapshot = await getDocs(query(collection(db, 'items'), filter));
  return snapshot.docs.map((d) => d.id);
}

describe('ordering', () => {
  it('orders values across types as Firestore does, ties broken by document name', async () => {
    const ref = (path: string) => ({ referenceValue: h.name(path) });
    await seed('items', {
      map: { v: { mapValue: { fields: { a: { integerValue: '1' } } } } },
      arr: { v: { arrayValue: { values: [{ integerValue: '1' }] } } },
      arrEmpty: { v: { arrayValue: {} } },
      geo: { v: { geoPointValue: { latitude: 1, longitude: 2 } } },
      geoLow: { v: { geoPointValue: { latitude: -5, longitude: 100 } } },
      refB: { v: ref('b/x') },
      refA: { v: ref('a/x/sub/y') },
      refA2: { v: ref('a/x') },
      bytes: { v: { bytesValue: 'AQI=' } },
      bytesLow: { v: { bytesValue: 'AA==' } },
      strEmoji: { v: { stringValue: '😀' } },
      strHigh: { v: { stringValue: '\uffff' } },
      strA: { v: { stringValue: 'a' } },
      strEmpty: { v: { stringValue: '' } },
      tsLate: { v: { timestampValue: '2030-01-01T00:00:00.000001Z' } },
      tsEarly: { v: { timestampValue: '2030-01-01T00:00:00Z' } },
      inf: { v: { doubleValue: 'Infinity' } },
      int2: { v: { integerValue: '2' } },
      dbl1: { v: { doubleValue: 1.0 } },
      int1: { v: { integerValue: '1' } },
      dblHalf: { v: { doubleValue: 0.5 } },
      negInf: { v: { doubleValue: '-Infinity' } },
      nan: { v: { doubleValue: 'NaN' } },
      bTrue: { v: { booleanValue: true } },
      bFalse: { v: { booleanValue: false } },
      nul: { v: { nullValue: null } },
      missing: { other: { integerValue: '1' } },
    });
    const expected = [
      'nul',
      'bFalse',
      'bTrue',
      'nan',
      'negInf',
      'dblHalf',
      'dbl1',
      'int1',
      'int2',
      'inf',
      'tsEarly',
      'tsLate',
      'strEmpty',
      'strA',
      'strHigh',
      'strEmoji',
      'bytesLow',
      'bytes',
      'refA2',
      'refA',
      'refB',
      'geoLow',
      'geo',
      'arrEmpty',
      'arr',
      'map',
    ];
    expect(await ids(orderBy('v'))).toEqual(expected);
    // Descending reverses everything, including the __name__ tie-break; 'missing' never appears.
    expect(await ids(orderBy('v', 'desc'))).toEqual([...expected].reverse());
  });

  it('orders by several fields, dotted and quoted paths, with the implicit __name__ last', async () => {
    await seed('items', {
      c: {
        a: { integerValue: '1' },
        m: { mapValue: { fields: { 'x.y': { integerValue: '2' } } } },
      },
      a: {
        a: { integerValue: '1' },
        m: { mapValue: { fields: { 'x.y': { integerValue: '2' } } } },
      },
      b: {
        a: { integerValue: '1' },
        m: { mapValue: { fields: { 'x.y': { integerValue: '1' } } } },
      },
      d: {
        a: { integerValue: '0' },
        m: { mapValue: { fields: { 'x.y': { integerValue: '9' } } } },
      },
    });
    const result = await h.rest('runQuery', {
      structuredQuery: {
        from: [{ collectionId: 'items' }],
        orderBy: [
          { field: { fieldPath: 'a' }, direction: 'DESCENDING' },
          { field: { fieldPath: 'm.`x.y`' }, direction: 'ASCENDING' },
        ],
      },
    });
    expect(result.status).toBe(200);
    const names = (result.json as { document: { name: string } }[]).map((r) =>
      r.document.name.split('/').pop(),
    );
    expect(names).toEqual(['b', 'a', 'c', 'd']);
  });

  it('orders by the inequality field implicitly and by __name__ with no orderBy', async () => {
    await seed('items', {
      z: { n: { integerValue: '1' } },
      y: { n: { integerValue: '3' } },
      x: { n: { integerValue: '2' } },
    });
    expect(await ids(where('n', '>', 0))).toEqual(['z', 'x', 'y']);
    expect(await ids()).toEqual(['x', 'y', 'z']);
  });
});

describe('cursors, limits and offsets', () => {
  beforeEach(async () => {
    // Ties on `created` (c2a/c2b) make the __name__ tie-break visible.
    await seed('items', {
      c1: { created: { integerValue: '1' } },
      c2a: { created: { integerValue: '2' } },
      c2b: { created: { integerValue: '2' } },
      c3: { created: { integerValue: '3' } },
      c4: { created: { integerValue: '4' } },
      c5: { created: { integerValue: '5' } },
    });
  });

  it('pages newest first with limit and startAfter(document snapshot)', async () => {
    const order = orderBy('created', 'desc');
    const first = await getDocs(query(collection(db, 'items'), order, limit(3)));
    expect(first.docs.map((d) => d.id)).toEqual(['c5', 'c4', 'c3']);
    const second = await getDocs(
      query(collection(db, 'items'), order, startAfter(first.docs[2]), limit(3)),
    );
    expect(second.docs.map((d) => d.id)).toEqual(['c2b', 'c2a', 'c1']);
    const tie = await getDoc(doc(db, 'items', 'c2b'));
    expect(await ids(order, startAfter(tie))).toEqual(['c2a', 'c1']);
    expect(await ids(order, startAt(tie))).toEqual(['c2b', 'c2a', 'c1']);
    expect(await ids(order, endAt(tie))).toEqual(['c5', 'c4', 'c3', 'c2b']);
    expect(await ids(order, endBefore(tie))).toEqual(['c5', 'c4', 'c3']);
  });

  it('supports every cursor form with field values', async () => {
    const order = orderBy('created');
    expect(await ids(order, startAt(2))).toEqual(['c2a', 'c2b', 'c3', 'c4', 'c5']);
    expect(await ids(order, startAfter(2))).toEqual(['c3', 'c4', 'c5']);
    expect(await ids(order, endAt(2))).toEqual(['c1', 'c2a', 'c2b']);
    expect(await ids(order, endBefore(2))).toEqual(['c1']);
    expect(await ids(order, startAt(2), endAt(3))).toEqual(['c2a', 'c2b', 'c3']);
    expect(await ids(order, orderBy(documentId()), startAfter(2, 'c2a'))).toEqual([
      'c2b',
      'c3',
      'c4',
      'c5',
    ]);
    expect(await ids(order, startAfter(99))).toEqual([]);
  });

  it('supports limitToLast', async () => {
    expect(await ids(orderBy('created'), limitToLast(2))).toEqual(['c4', 'c5']);
    expect(await ids(orderBy('created', 'desc'), endBefore(2), limitToLast(2))).toEqual([
      'c4',
      'c3',
    ]);
  });

  it('supports offset, limit as {value}, and a __name__ cursor over REST', async () => {
    const run = async (extra: Record<string, unknown>) => {
      const result = await h.rest('runQuery', {
        structuredQuery: {
          from: [{ collectionId: 'items' }],
          orderBy: [{ field: { fieldPath: 'created' } }],
          ...extra,
        },
      });
      expect(result.status).toBe(200);
      return (result.json as { document?: { name: string } }[]).map((r) =>
        r.document?.name.split('/').pop(),
      );
    };
    expect(await run({ offset: 2, limit: 2 })).toEqual(['c2b', 'c3']);
    expect(await run({ offset: 1, limit: { value: 1 } })).toEqual(['c2a']);
    expect(await run({ offset: 10 })).toEqual([undefined]); // only a readTime entry
    expect(
      await run({
        startAt: {
          values: [{ integerValue: '2' }, { referenceValue: h.name('items/c2b') }],
          before: true,
        },
      }),
    ).toEqual(['c2b', 'c3', 'c4', 'c5']);
  });

  it('answers a query with no results with one readTime entry', async () => {
    const result = await h.rest('runQuery', {
      structuredQuery: { from: [{ collectionId: 'nothing' }] },
    });
    expect(result.status).toBe(200);
    expect(result.json).toEqual([{ readTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) }]);
  });

  it('projects fields with select', async () => {
    await seed('items', {
      p: {
        a: { integerValue: '1' },
        b: { stringValue: 'x' },
        m: { mapValue: { fields: { k: { booleanValue: true }, j: { nullValue: null } } } },
      },
    });
    const result = await h.rest('runQuery', {
      structuredQuery: {
        from: [{ collectionId: 'items' }],
        where: {
          fieldFilter: {
            field: { fieldPath: '__name__' },
            op: 'EQUAL',
            value: { referenceValue: h.name('items/p') },
          },
        },
        select: { fields: [{ fieldPath: 'b' }, { fieldPath: 'm.k' }] },
      },
    });
    expect((result.json as { document: { fields: unknown } }[])[0].document.fields).toEqual({
      b: { stringValue: 'x' },
      m: { mapValue: { fields: { k: { booleanValue: true } } } },
    });
  });

  it('queries a subcollection under a parent document', async () => {
    await seed('items/c1/comments', { k1: { n: { integerValue: '1' } } });
    const snapshot = await getDocs(collection(db, 'items', 'c1', 'comments'));
    expect(snapshot.docs.map((d) => d.ref.path)).toEqual(['items/c1/comments/k1']);
    expect(await ids()).toEqual(['c1', 'c2a', 'c2b', 'c3', 'c4', 'c5']);
  });
});

describe('filters', () => {
  beforeEach(async () => {
    const s = (v: string) => ({ stringValue: v });
    const i = (v: number) => ({ integerValue: String(v) });
    const list = (...values: unknown[]) => ({ arrayValue: { values } });
    await seed('items', {
      a: { n: i(1), tags: list(s('x'), s('y')), g: s('red') },
      b: { n: i(2), tags: list(s('y')), g: s('blue') },
      c: { n: i(3), tags: { arrayValue: {} }, g: { nullValue: null } },
      d: { n: s('3'), tags: list(s('z')), g: s('red') },
      f: { g: s('green') },
      h: { n: { doubleValue: 2.5 }, tags: list(s('x'), i(1)), g: s('blue') },
      k: { n: { doubleValue: 'NaN' } },
    });
  });

  it('EQUAL matches by value and type, numerically across int and double', async () => {
    expect(await ids(where('n', '==', 2))).toEqual(['b']);
    expect(await ids(where('n', '==', 3))).toEqual(['c']);
    expect(await ids(where('n', '==', '3'))).toEqual(['d']);
    expect(await ids(where('n', '==', 2.5))).toEqual(['h']);
  });

  it('NOT_EQUAL excludes missing fields and null', async () => {
    expect(await ids(where('n', '!=', 2))).toEqual(['k', 'a', 'h', 'c', 'd']);
    expect(await ids(where('g', '!=', 'red'))).toEqual(['b', 'h', 'f']);
  });

  it('range filters only match values of the same type', async () => {
    expect(await ids(where('n', '>', 1))).toEqual(['b', 'h', 'c']);
    expect(await ids(where('n', '>=', 2))).toEqual(['b', 'h', 'c']);
    expect(await ids(where('n', '<=', 2), where('n', '>', 1))).toEqual(['b']);
    expect(await ids(where('n', '>=', ''))).toEqual(['d']);
    expect(await ids(where('g', '<', 'm'))).toEqual(['b', 'h', 'f']);
  });

  it('array-contains, array-contains-any, in and not-in', async () => {
    expect(await ids(where('tags', 'array-contains', 'x'))).toEqual(['a', 'h']);
    expect(await ids(where('tags', 'array-contains', 1))).toEqual(['h']);
    expect(await ids(where('tags', 'array-contains-any', ['z', 'y']))).toEqual(['a', 'b', 'd']);
    expect(await ids(where('g', 'in', ['red', 'green']))).toEqual(['a', 'd', 'f']);
    expect(await ids(where('n', 'in', [1, 3.0]))).toEqual(['a', 'c']);
    expect(await ids(where('g', 'not-in', ['red', 'green']))).toEqual(['b', 'h']);
    expect(await ids(where('g', 'not-in', ['red', null]))).toEqual([]);
  });

  it('IS_NULL, IS_NAN and their negations', async () => {
    expect(await ids(where('g', '==', null))).toEqual(['c']);
    expect(await ids(where('n', '==', NaN))).toEqual(['k']);
    expect(await ids(where('g', '!=', null))).toEqual(['b', 'h', 'f', 'a', 'd']);
    expect(await ids(where('n', '!=', NaN))).toEqual(['a', 'b', 'h', 'c', 'd']);
  });

  it('composite AND and OR, nested', async () => {
    expect(await idsWhere(and(where('g', '==', 'blue'), where('n', '>', 2)))).toEqual(['h']);
    expect(await idsWhere(or(where('g', '==', 'green'), where('n', '==', 1)))).toEqual(['a', 'f']);
    expect(
      await idsWhere(
        or(and(where('g', '==', 'red'), where('tags', 'array-contains', 'z')), where('n', '==', 2)),
      ),
    ).toEqual(['b', 'd']);
  });

  it('refuses operator lists beyond Firestore limits', async () => {
    const values = Array.from({ length: 31 }, (_, i) => ({ integerValue: String(i) }));
    const result = await h.rest('runQuery', {
      structuredQuery: {
        from: [{ collectionId: 'items' }],
        where: {
          fieldFilter: { field: { fieldPath: 'n' }, op: 'IN', value: { arrayValue: { values } } },
        },
      },
    });
    expect(result.status).toBe(400);
    expect(JSON.stringify(result.json)).toMatch(/up to 30/);
  });
});
