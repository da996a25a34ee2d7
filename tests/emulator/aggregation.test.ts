/**
 * Aggregation queries (`documents:runAggregationQuery`) through the Lite SDK's getCount and
 * getAggregate, and over REST where the value types matter, as the Firestore documentation
 * describes them: "Summarize data with aggregation queries" and the REST reference of
 * StructuredAggregationQuery (Count, Sum, Avg).
 */
import {
  average,
  collection,
  collectionGroup,
  count,
  getAggregate,
  getCount,
  limit,
  limitToLast,
  orderBy,
  query,
  sum,
  where,
  type Firestore,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rejection, startHarness, writeDocs, type Harness } from '../support/harness';

let h: Harness;
let db: Firestore;
beforeAll(async () => {
  h = await startHarness('demo-emulator-aggregation');
  db = h.client();
});
afterAll(() => h.close());
beforeEach(() => h.clear());

/** Sets each document (path → data) in one batch, through the SDK. */
function write(docs: Record<string, Record<string, unknown>>): Promise<void> {
  return writeDocs(db, docs);
}

/** Writes documents with exact REST values (so 1 and 1.0 differ in type). */
async function seed(
  collectionPath: string,
  docs: Record<string, Record<string, unknown>>,
): Promise<void> {
  const writes = Object.entries(docs).map(([id, fields]) => ({
    update: { name: h.name(`${collectionPath}/${id}`), fields },
  }));
  expect((await h.rest('commit', { writes })).status).toBe(200);
}

interface AggregationAnswer {
  status: number;
  fields: Record<string, unknown>;
  readTime?: string;
  error?: { status: string; message: string };
}

/** POST :runAggregationQuery over `items` and returns the one result's aggregateFields. */
async function aggregate(
  aggregations: unknown[],
  structuredQuery: Record<string, unknown> = {},
): Promise<AggregationAnswer> {
  const result = await h.rest('runAggregationQuery', {
    structuredAggregationQuery: {
      structuredQuery: { from: [{ collectionId: 'items' }], ...structuredQuery },
      aggregations,
    },
  });
  if (result.status !== 200) {
    const { error } = result.json as { error: { status: string; message: string } };
    return { status: result.status, fields: {}, error };
  }
  const answer = result.json as {
    result: { aggregateFields: Record<string, unknown> };
    readTime: string;
  }[];
  expect(answer).toHaveLength(1);
  return {
    status: 200,
    fields: answer[0].result.aggregateFields,
    readTime: answer[0].readTime,
  };
}

const int = (n: string) => ({ integerValue: n });
const dbl = (x: number | string) => ({ doubleValue: x });
const field = (fieldPath: string) => ({ field: { fieldPath } });

describe('count()', () => {
  it('counts a collection, a filtered query and a query with a limit', async () => {
    await write({
      'cities/sf': { state: 'CA', population: 860_000 },
      'cities/la': { state: 'CA', population: 3_900_000 },
      'cities/dc': { state: null, population: 680_000 },
      'cities/tok': { country: 'Japan', population: 9_000_000 },
      'towns/x': { state: 'CA' },
    });
    const cities = collection(db, 'cities');
    expect((await getCount(cities)).data().count).toBe(4);
    expect((await getCount(query(cities, where('state', '==', 'CA')))).data().count).toBe(2);
    // matches Firestore: count() takes the query's limit into account.
    expect((await getCount(query(cities, limit(3)))).data().count).toBe(3);
    expect(
      (await getCount(query(cities, orderBy('population'), limitToLast(2)))).data().count,
    ).toBe(2);
    // matches Firestore: an orderBy limits the aggregation to documents that have the field.
    expect((await getCount(query(cities, orderBy('state')))).data().count).toBe(3);
    expect((await getCount(collection(db, 'nothing'))).data().count).toBe(0);
  });

  it('counts a subcollection (a query under a parent document) and a collection group', async () => {
    await write({
      'posts/a/comments/1': { x: 1 },
      'posts/a/comments/2': { x: 1 },
      'posts/b/comments/3': { x: 1 },
      'comments/4': { x: 1 },
      'posts/a/commentsx/5': { x: 1 },
      'posts/a/x/comments': { x: 1 },
    });
    expect((await getCount(collection(db, 'posts/a/comments'))).data().count).toBe(2);
    expect((await getCount(collectionGroup(db, 'comments'))).data().count).toBe(4);
  });

  it('stops at upTo and answers with readTime', async () => {
    await seed('items', { a: {}, b: {}, c: {}, d: {} });
    const capped = await aggregate([
      { alias: 'upTo2', count: { upTo: '2' } },
      { alias: 'upTo10', count: { upTo: 10 } },
      { alias: 'all', count: {} },
    ]);
    expect(capped.fields).toEqual({ upTo2: int('2'), upTo10: int('4'), all: int('4') });
    expect(Date.parse(capped.readTime ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const bad = await aggregate([{ count: { upTo: 0 } }]);
    expect(bad).toMatchObject({ status: 400, error: { status: 'INVALID_ARGUMENT' } });
    expect(bad.error?.message).toMatch(/greater than zero/);
  });
});

describe('sum() and average()', () => {
  it('sum, average and count together under their aliases, through getAggregate', async () => {
    await write({
      'books/a': { author: 'A', pages: 100, meta: { rating: { user: 5 } } },
      'books/b': { author: 'B', pages: 50, meta: { rating: { user: 4 } } },
    });
    const snapshot = await getAggregate(collection(db, 'books'), {
      totalPages: sum('pages'),
      averagePages: average('pages'),
      count: count(),
      userRating: sum('meta.rating.user'),
      'with.dots and `ticks`': count(),
    });
    expect(snapshot.data()).toEqual({
      totalPages: 150,
      averagePages: 75,
      count: 2,
      userRating: 9,
      'with.dots and `ticks`': 2,
    });
  });

  it('includes only documents that have every aggregated field, in every aggregation', async () => {
    await write({
      'books/a': { pages: 100, year: 1980 },
      'books/b': { pages: 50, year: 2020 },
      'books/c': { pages: 150, year: 2021 },
      'books/d': { pages: 50 },
    });
    // matches Firestore: d lacks `year`, so it is left out of the sum and the count too.
    const snapshot = await getAggregate(collection(db, 'books'), {
      totalPages: sum('pages'),
      averageYear: average('year'),
      count: count(),
    });
    expect(snapshot.data()).toEqual({ totalPages: 300, averageYear: 2007, count: 3 });
  });

  it('skips non-numeric values, which count() still counts', async () => {
    await write({
      'books/a': { rating: 5 },
      'books/b': { rating: 4 },
      'books/c': { rating: '3' },
      'books/d': { rating: [6] },
      'books/e': { rating: null },
    });
    const snapshot = await getAggregate(collection(db, 'books'), {
      total: sum('rating'),
      mean: average('rating'),
      count: count(),
    });
    expect(snapshot.data()).toEqual({ total: 9, mean: 4.5, count: 5 });
  });

  it('sums to 0 and averages to null when no value is numeric or nothing matches', async () => {
    await write({ 'books/a': { rating: 'five' } });
    const books = collection(db, 'books');
    expect((await getAggregate(books, { s: sum('rating'), a: average('rating') })).data()).toEqual({
      s: 0,
      a: null,
    });
    const none = query(books, where('rating', '==', 'six'));
    expect((await getAggregate(none, { s: sum('rating'), a: average('rating') })).data()).toEqual({
      s: 0,
      a: null,
    });
  });

  it('aggregates over a filtered, limited query and a collection group', async () => {
    await write({
      'books/a': { rating: 5, pages: 100 },
      'books/b': { rating: 4, pages: 50 },
      'books/c': { rating: 3, pages: 100 },
      'shelves/s/books/d': { rating: 3, pages: 10 },
    });
    const inQuery = query(collection(db, 'books'), where('rating', 'in', [5, 3]));
    expect(
      (await getAggregate(inQuery, { r: sum('rating'), p: average('pages'), n: count() })).data(),
    ).toEqual({ r: 8, p: 100, n: 2 });
    const firstTwo = query(collection(db, 'books'), orderBy('rating'), limit(2));
    expect((await getAggregate(firstTwo, { r: sum('rating') })).data()).toEqual({ r: 7 });
    const group = collectionGroup(db, 'books');
    expect((await getAggregate(group, { n: count(), p: sum('pages') })).data()).toEqual({
      n: 4,
      p: 260,
    });
  });

  it('keeps integer sums integers, exactly, until they leave the 64-bit range', async () => {
    await seed('items', {
      a: { v: int('9223372036854775807') },
      b: { v: int('1') },
      c: { v: int('-101') },
    });
    // matches Firestore: the total fits in 64 bits, though a running total would not.
    expect((await aggregate([{ alias: 's', sum: field('v') }])).fields).toEqual({
      s: int('9223372036854775707'),
    });
    await seed('items', {
      d: { v: int('9223372036854775807') },
      e: { v: int('9223372036854775807') },
    });
    // matches Firestore: a sum that does not fit in 64 bits is a double.
    const overflow = await aggregate([{ alias: 's', sum: field('v') }]);
    expect(overflow.fields).toEqual({ s: dbl(Number(3n * 9223372036854775807n - 100n)) });
  });

  it('returns a double once any value is a double, and average always as a double', async () => {
    await seed('items', { a: { v: int('5') }, b: { v: dbl(4.5) }, c: { v: dbl(3.5) } });
    const answer = await aggregate([
      { alias: 's', sum: field('v') },
      { alias: 'a', avg: field('v') },
    ]);
    expect(answer.fields).toEqual({ s: dbl(13), a: dbl(13 / 3) });
    await h.clear();
    await seed('items', { a: { v: int('10') }, b: { v: int('5') }, c: { v: int('0') } });
    expect((await aggregate([{ alias: 'a', avg: field('v') }])).fields).toEqual({ a: dbl(5) });
  });

  it('treats NaN and infinities as IEEE 754 does', async () => {
    const max = Number.MAX_VALUE;
    const cases: [string, unknown[], unknown, unknown][] = [
      ['NaN', [dbl('NaN'), int('1')], dbl('NaN'), dbl('NaN')],
      ['+∞ and −∞', [dbl('Infinity'), dbl('-Infinity')], dbl('NaN'), dbl('NaN')],
      ['+∞', [dbl('Infinity'), int('1')], dbl('Infinity'), dbl('Infinity')],
      ['MAX twice', [dbl(max), dbl(max)], dbl('Infinity'), dbl('Infinity')],
      ['−MAX twice', [dbl(-max), dbl(-max)], dbl('-Infinity'), dbl('-Infinity')],
      // matches Firestore's SDK tests: an overflow that cancels out is not an overflow.
      ['MAX, MAX, −MAX, −MAX', [dbl(max), dbl(max), dbl(-max), dbl(-max)], dbl(0), dbl(0)],
      ['MIN_VALUE and 0', [dbl(Number.MIN_VALUE), int('0')], dbl(Number.MIN_VALUE), dbl(0)],
    ];
    for (const [what, values, expectedSum, expectedAvg] of cases) {
      await h.clear();
      await seed('items', Object.fromEntries(values.map((v, i) => [`d${i}`, { v }])));
      const answer = await aggregate([
        { alias: 's', sum: field('v') },
        { alias: 'a', avg: field('v') },
      ]);
      expect({ what, ...answer.fields }).toEqual({ what, s: expectedSum, a: expectedAvg });
    }
    // Through the SDK the same values arrive as JS numbers.
    await h.clear();
    await write({ 'books/a': { r: 5 }, 'books/b': { r: NaN } });
    const snapshot = await getAggregate(collection(db, 'books'), { r: sum('r') });
    expect(snapshot.data().r).toBeNaN();
  });
});

describe('aliases and limits', () => {
  it('names unnamed aggregations field_1, field_2, ... in order', async () => {
    await seed('items', { a: { v: int('2') } });
    const answer = await aggregate([{ count: {} }, { alias: 'n', count: {} }, { sum: field('v') }]);
    expect(answer.fields).toEqual({ field_1: int('1'), n: int('1'), field_2: int('2') });
  });

  it('refuses duplicate and reserved aliases, more than five aggregations, and none', async () => {
    const refusals: [string, unknown[], RegExp][] = [
      [
        'duplicate',
        [
          { alias: 'x', count: {} },
          { alias: 'x', sum: field('v') },
        ],
        /unique/,
      ],
      ['reserved', [{ alias: '__x__', count: {} }], /reserved/],
      ['none', [], /at least one/],
      ['two kinds', [{ count: {}, sum: field('v') }], /exactly one of count, sum, avg/],
      ['sum without a field', [{ sum: {} }], /field/],
    ];
    for (const [what, aggregations, message] of refusals) {
      const answer = await aggregate(aggregations);
      expect({ what, status: answer.status, error: answer.error?.status }).toEqual({
        what,
        status: 400,
        error: 'INVALID_ARGUMENT',
      });
      expect(answer.error?.message, what).toMatch(message);
    }
    // Through the SDK: every 400 arrives as failed-precondition (the code comes from the status).
    const error = await rejection(
      getAggregate(collection(db, 'books'), {
        a: count(),
        b: count(),
        c: sum('x'),
        d: sum('y'),
        e: average('x'),
        f: average('y'),
      }),
    );
    expect(error.code).toBe('failed-precondition');
    expect(String(error.message)).toMatch(/maximum number of aggregations/);
  });
});
