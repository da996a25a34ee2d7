/**
 * The gate's index check (Google's emulator serves any query): a query is served exactly when
 * production Firestore could with the declared indexes (Firestore's "Index types" and "Manage
 * indexes" pages), and refused otherwise as production refuses it: FAILED_PRECONDITION, HTTP 400,
 * "The query requires an index. You can create it here: <console link>". Each documented case is
 * tried both ways: with no composite index, then with the one the refusal asks for (and, where the
 * rules are subtle, with a near miss).
 */
import { collection, getDocs, orderBy, query, where } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection, startGateWith, type GateHarness as Harness } from './gateHarness';

const PROJECT = 'demo-indexes';

type Json = Record<string, unknown>;
type IndexJson = { collectionGroup?: string; queryScope?: string; fields: Json[] };

const field = (fieldPath: string) => ({ fieldPath });
const filter = (path: string, op: string, value: Json = { integerValue: '1' }) => ({
  fieldFilter: { field: field(path), op, value },
});
const and = (...filters: Json[]) => ({ compositeFilter: { op: 'AND', filters } });
const or = (...filters: Json[]) => ({ compositeFilter: { op: 'OR', filters } });
const asc = (path: string) => ({ field: field(path), direction: 'ASCENDING' });
const desc = (path: string) => ({ field: field(path), direction: 'DESCENDING' });
const list = { arrayValue: { values: [{ integerValue: '1' }, { integerValue: '2' }] } };

/** An index entry of firestore.indexes.json on `items`, at collection scope unless given. */
function index(...fields: [string, string][]): IndexJson {
  return {
    fields: fields.map(([fieldPath, mode]) =>
      mode === 'CONTAINS' ? { fieldPath, arrayConfig: mode } : { fieldPath, order: mode },
    ),
  };
}

function groupIndex(...fields: [string, string][]): IndexJson {
  return { ...index(...fields), queryScope: 'COLLECTION_GROUP' };
}

function indexFile(indexes: IndexJson[], fieldOverrides: Json[] = []): Json {
  return {
    indexes: indexes.map((i) => ({ collectionGroup: 'items', queryScope: 'COLLECTION', ...i })),
    fieldOverrides,
  };
}

function startWith(file: Json): Promise<Harness> {
  return startGateWith(PROJECT, file);
}

let bare: Harness;
beforeAll(async () => {
  bare = await startWith(indexFile([]));
});
afterAll(() => bare.close());

/**
 * runQuery (or runAggregationQuery with a count) on `items` or the `items` group; the status and
 * error.
 */
async function run(
  h: Harness,
  structured: Json,
  options: { group?: boolean; count?: boolean } = {},
): Promise<{ status: number; error?: { status: string; message: string } }> {
  const structuredQuery = {
    from: [{ collectionId: 'items', ...(options.group && { allDescendants: true }) }],
    ...structured,
  };
  const result = options.count
    ? await h.rest('runAggregationQuery', {
        structuredAggregationQuery: { structuredQuery, aggregations: [{ count: {} }] },
      })
    : await h.rest('runQuery', { structuredQuery });
  const body = result.json as { error?: { status: string; message: string } };
  return { status: result.status, error: body.error };
}

async function expectServed(h: Harness, structured: Json, options = {}): Promise<void> {
  const result = await run(h, structured, options);
  expect(result.error?.message).toBeUndefined();
  expect(result.status).toBe(200);
}

async function expectRefused(h: Harness, structured: Json, options = {}): Promise<string> {
  const result = await run(h, structured, options);
  expect(result.status).toBe(400);
  expect(result.error?.status).toBe('FAILED_PRECONDITION');
  return result.error?.message ?? '';
}

const COMPOSITE_LINK = `The query requires an index. You can create it here: https://console.firebase.google.com/v1/r/project/${PROJECT}/firestore/indexes?create_composite=`;

describe('served by the automatic single-field indexes, no composite index declared', () => {
  const cases: [string, Json][] = [
    ['no filter and no order', {}],
    ['an order on one field', { orderBy: [desc('a')] }],
    ['an order on one field, then __name__ the same way', { orderBy: [asc('a'), asc('__name__')] }],
    ['a range on one field', { where: filter('a', 'GREATER_THAN') }],
    [
      'a range and an order on the same field',
      { where: filter('a', 'LESS_THAN'), orderBy: [desc('a')] },
    ],
    ['!= on one field', { where: filter('a', 'NOT_EQUAL') }],
    ['an equality on one field', { where: filter('a', 'EQUAL') }],
    [
      'equalities on several fields (merged single-field indexes)',
      {
        where: and(filter('a', 'EQUAL'), filter('b', 'EQUAL'), {
          unaryFilter: { field: field('c'), op: 'IS_NULL' },
        }),
      },
    ],
    [
      'equalities and array-contains, ordered by __name__ descending',
      {
        where: and(filter('a', 'EQUAL'), filter('tags', 'ARRAY_CONTAINS')),
        orderBy: [desc('__name__')],
      },
    ],
    [
      'in and array-contains-any',
      { where: and(filter('a', 'IN', list), filter('tags', 'ARRAY_CONTAINS_ANY', list)) },
    ],
    ['an OR of equalities', { where: or(filter('a', 'EQUAL'), filter('b', 'EQUAL')) }],
    [
      'an equality and an order on the same field',
      { where: filter('a', 'EQUAL'), orderBy: [desc('a')] },
    ],
  ];
  it.each(cases)('%s', (_name, structured) => expectServed(bare, structured));

  it('serves a count as it serves its query', () =>
    expectServed(
      bare,
      { where: and(filter('a', 'EQUAL'), filter('b', 'EQUAL')) },
      { count: true },
    ));
});

/** [case, query, the index the refusal names (readable), the index that serves it]. */
const needsComposite: [string, Json, string, IndexJson][] = [
  [
    'orders on two fields',
    { orderBy: [asc('a'), desc('b')] },
    'a ASCENDING, b DESCENDING, __name__ DESCENDING',
    index(['a', 'ASCENDING'], ['b', 'DESCENDING']),
  ],
  [
    'an equality on one field and an order on another',
    { where: filter('a', 'EQUAL'), orderBy: [desc('b')] },
    'a ASCENDING, b DESCENDING, __name__ DESCENDING',
    index(['a', 'ASCENDING'], ['b', 'DESCENDING']),
  ],
  [
    'an equality on one field and a range on another',
    { where: and(filter('a', 'EQUAL'), filter('b', 'GREATER_THAN')) },
    'a ASCENDING, b ASCENDING, __name__ ASCENDING',
    index(['a', 'ASCENDING'], ['b', 'ASCENDING']),
  ],
  [
    'ranges on two fields (ordered by field name, as the SDK normalizes)',
    { where: and(filter('b', 'LESS_THAN'), filter('a', 'GREATER_THAN')) },
    'a ASCENDING, b ASCENDING, __name__ ASCENDING',
    index(['a', 'ASCENDING'], ['b', 'ASCENDING']),
  ],
  [
    'array-contains with an order',
    { where: filter('tags', 'ARRAY_CONTAINS'), orderBy: [desc('at')] },
    'tags CONTAINS, at DESCENDING, __name__ DESCENDING',
    index(['tags', 'CONTAINS'], ['at', 'DESCENDING']),
  ],
  [
    'in with an order',
    { where: filter('a', 'IN', list), orderBy: [asc('b')] },
    'a ASCENDING, b ASCENDING, __name__ ASCENDING',
    index(['a', 'ASCENDING'], ['b', 'ASCENDING']),
  ],
  [
    'an order on one field with __name__ the other way',
    { orderBy: [asc('a'), desc('__name__')] },
    'a ASCENDING, __name__ DESCENDING',
    index(['a', 'ASCENDING'], ['__name__', 'DESCENDING']),
  ],
  [
    'two equalities and an order',
    { where: and(filter('a', 'EQUAL'), filter('b', 'EQUAL')), orderBy: [desc('c')] },
    'a ASCENDING, b ASCENDING, c DESCENDING, __name__ DESCENDING',
    index(['a', 'ASCENDING'], ['b', 'ASCENDING'], ['c', 'DESCENDING']),
  ],
];

describe('refused without the composite index it needs, served once declared', () => {
  it.each(needsComposite)('%s', async (_name, structured, readable, declared) => {
    const message = await expectRefused(bare, structured);
    expect(message.startsWith(COMPOSITE_LINK)).toBe(true);
    expect(message).toContain(`the COLLECTION index on "items": ${readable}`);
    expect((await run(bare, structured, { count: true })).status).toBe(400);

    const h = await startWith(indexFile([declared]));
    try {
      await expectServed(h, structured);
      await expectServed(h, structured, { count: true });
    } finally {
      await h.close();
    }
  });
});

describe("an index's fields and directions must match the query's", () => {
  const eqThenOrder = { where: filter('a', 'EQUAL'), orderBy: [desc('b')] };
  const nearMisses: [string, Json, IndexJson[], boolean][] = [
    [
      'an equality field in either direction',
      eqThenOrder,
      [index(['a', 'DESCENDING'], ['b', 'DESCENDING'])],
      true,
    ],
    [
      'the order field in the other direction',
      eqThenOrder,
      [index(['a', 'ASCENDING'], ['b', 'ASCENDING'])],
      false,
    ],
    [
      'the fields the other way round',
      eqThenOrder,
      [index(['b', 'DESCENDING'], ['a', 'ASCENDING'])],
      false,
    ],
    [
      '__name__ the other way',
      eqThenOrder,
      [index(['a', 'ASCENDING'], ['b', 'DESCENDING'], ['__name__', 'ASCENDING'])],
      false,
    ],
    [
      'orders in another sequence',
      { orderBy: [asc('a'), asc('b')] },
      [index(['b', 'ASCENDING'], ['a', 'ASCENDING'])],
      false,
    ],
    [
      'equality fields in any sequence',
      { where: and(filter('a', 'EQUAL'), filter('b', 'EQUAL')), orderBy: [desc('c')] },
      [index(['b', 'ASCENDING'], ['a', 'DESCENDING'], ['c', 'DESCENDING'])],
      true,
    ],
    [
      'merged: one composite per equality, sharing the order (index merging)',
      { where: and(filter('a', 'EQUAL'), filter('b', 'EQUAL')), orderBy: [desc('c')] },
      [
        index(['a', 'ASCENDING'], ['c', 'DESCENDING']),
        index(['b', 'ASCENDING'], ['c', 'DESCENDING']),
      ],
      true,
    ],
    [
      'merged, but one equality left without an index',
      { where: and(filter('a', 'EQUAL'), filter('b', 'EQUAL')), orderBy: [desc('c')] },
      [index(['a', 'ASCENDING'], ['c', 'DESCENDING'])],
      false,
    ],
    [
      'array-contains needs arrayConfig CONTAINS, not an order',
      { where: filter('tags', 'ARRAY_CONTAINS'), orderBy: [desc('at')] },
      [index(['tags', 'ASCENDING'], ['at', 'DESCENDING'])],
      false,
    ],
    [
      'an OR query needs an index for each disjunct',
      { where: or(filter('a', 'EQUAL'), filter('b', 'EQUAL')), orderBy: [desc('c')] },
      [index(['a', 'ASCENDING'], ['c', 'DESCENDING'])],
      false,
    ],
    [
      'an OR query with both',
      { where: or(filter('a', 'EQUAL'), filter('b', 'EQUAL')), orderBy: [desc('c')] },
      [
        index(['a', 'ASCENDING'], ['c', 'DESCENDING']),
        index(['b', 'ASCENDING'], ['c', 'DESCENDING']),
      ],
      true,
    ],
    [
      'an OR inside nested ANDs: each disjunct needs its own, not their union',
      {
        where: and(filter('x', 'EQUAL'), and(or(filter('a', 'EQUAL'), filter('b', 'EQUAL')))),
        orderBy: [desc('c')],
      },
      [
        index(['a', 'ASCENDING'], ['b', 'ASCENDING'], ['c', 'DESCENDING']),
        index(['x', 'ASCENDING'], ['c', 'DESCENDING']),
      ],
      false,
    ],
    [
      'an index of another collection',
      eqThenOrder,
      [{ ...index(['a', 'ASCENDING'], ['b', 'DESCENDING']), collectionGroup: 'others' }],
      false,
    ],
  ];
  it.each(nearMisses)('%s', async (_name, structured, declared, served) => {
    const h = await startWith(indexFile(declared));
    try {
      if (served) await expectServed(h, structured);
      else await expectRefused(h, structured);
    } finally {
      await h.close();
    }
  });
});

describe('collection-group queries', () => {
  it('serves a group query without filters or orders', () =>
    expectServed(bare, {}, { group: true }));

  it('needs a COLLECTION_GROUP single-field index (a fieldOverrides entry) for a filter', async () => {
    const structured = { where: filter('a', 'EQUAL') };
    const message = await expectRefused(bare, structured, { group: true });
    expect(message).toMatch(
      new RegExp(
        `^The query requires a COLLECTION_GROUP_ASC index for collection items and field a\\. You can create it here: https://console\\.firebase\\.google\\.com/v1/r/project/${PROJECT}/firestore/indexes\\?create_exemption=\\S+ `,
      ),
    );
    const h = await startWith(
      indexFile(
        [],
        [
          {
            collectionGroup: 'items',
            fieldPath: 'a',
            indexes: [
              { order: 'ASCENDING', queryScope: 'COLLECTION' },
              { order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' },
            ],
          },
        ],
      ),
    );
    try {
      await expectServed(h, structured, { group: true });
    } finally {
      await h.close();
    }
  });

  it('needs a COLLECTION_GROUP composite index; a COLLECTION one does not serve it', async () => {
    const structured = { where: filter('a', 'EQUAL'), orderBy: [desc('b')] };
    const fields: [string, string][] = [
      ['a', 'ASCENDING'],
      ['b', 'DESCENDING'],
    ];
    const message = await expectRefused(bare, structured, { group: true });
    expect(message).toContain('the COLLECTION_GROUP index on "items": a ASCENDING, b DESCENDING');
    const collectionScope = await startWith(indexFile([index(...fields)]));
    const groupScope = await startWith(indexFile([groupIndex(...fields)]));
    try {
      await expectRefused(collectionScope, structured, { group: true });
      await expectServed(groupScope, structured, { group: true });
      await expectRefused(groupScope, structured);
    } finally {
      await Promise.all([collectionScope.close(), groupScope.close()]);
    }
  });
});

describe('fieldOverrides', () => {
  it("an override without indexes exempts the field (and a map's subfields) from single-field indexing", async () => {
    const h = await startWith(
      indexFile([], [{ collectionGroup: 'items', fieldPath: 'blob', indexes: [] }]),
    );
    try {
      const message = await expectRefused(h, { where: filter('blob', 'EQUAL') });
      expect(message).toMatch(
        /^The query requires a COLLECTION_ASC index for collection items and field blob\. /,
      );
      await expectRefused(h, { orderBy: [desc('blob.inner')] });
      await expectServed(h, { where: filter('other', 'EQUAL') });
    } finally {
      await h.close();
    }
  });

  it('an override listing only ascending keeps that one and drops the others', async () => {
    const h = await startWith(
      indexFile(
        [],
        [
          {
            collectionGroup: 'items',
            fieldPath: 'a',
            indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION' }],
          },
        ],
      ),
    );
    try {
      await expectServed(h, { orderBy: [asc('a')] });
      const message = await expectRefused(h, { orderBy: [desc('a')] });
      expect(message).toMatch(
        /^The query requires a COLLECTION_DESC index for collection items and field a\. /,
      );
    } finally {
      await h.close();
    }
  });
});

describe("the refusal's link", () => {
  // Links copied from production refusals quoted in public projects' notes: the same index gives
  // the same bytes (base64 of google.firestore.admin.v1.Index, __name__ only when descending).
  it.each([
    [
      'central-provedor-35ef4',
      'tickets',
      {
        where: filter('providerId', 'EQUAL', { stringValue: 'p' }),
        orderBy: [desc('attendanceDate')],
      },
      'ClZwcm9qZWN0cy9jZW50cmFsLXByb3ZlZG9yLTM1ZWY0L2RhdGFiYXNlcy8oZGVmYXVsdCkvY29sbGVjdGlvbkdyb3Vwcy90aWNrZXRzL2luZGV4ZXMvXxABGg4KCnByb3ZpZGVySWQQARoSCg5hdHRlbmRhbmNlRGF0ZRACGgwKCF9fbmFtZV9fEAI',
    ],
    [
      'khuyoot-app01',
      'advertisements',
      {
        where: and(
          filter('status', 'EQUAL', { stringValue: 'active' }),
          filter('endDate', 'GREATER_THAN', { integerValue: '0' }),
        ),
      },
      'ClRwcm9qZWN0cy9raHV5b290LWFwcDAxL2RhdGFiYXNlcy8oZGVmYXVsdCkvY29sbGVjdGlvbkdyb3Vwcy9hZHZlcnRpc2VtZW50cy9pbmRleGVzL18QARoKCgZzdGF0dXMQARoLCgdlbmREYXRlEAE',
    ],
  ])(
    'matches production for project %s, collection %s',
    async (project, collectionId, structured, link) => {
      const h = await startGateWith(project);
      try {
        const result = await h.rest('runQuery', {
          structuredQuery: { from: [{ collectionId }], ...structured },
        });
        const message = (result.json as { error: { message: string } }).error.message;
        expect(message).toContain(
          `You can create it here: https://console.firebase.google.com/v1/r/project/${project}/firestore/indexes?create_composite=${link} `,
        );
      } finally {
        await h.close();
      }
    },
  );

  it('reaches the Lite SDK as failed-precondition with the message', async () => {
    const db = bare.client();
    const error = await rejection(
      getDocs(
        query(collection(db, 'comments'), where('reported', '==', true), orderBy('at', 'desc')),
      ),
    );
    expect(error).toMatchObject({ code: 'failed-precondition' });
    expect(String(error.message)).toContain(
      'The query requires an index. You can create it here: ',
    );
    expect(String(error.message)).toContain(
      'reported ASCENDING, at DESCENDING, __name__ DESCENDING',
    );
  });
});

describe('a query the indexes serve', () => {
  it("reaches Google's emulator and streams its answer back", async () => {
    await bare.owner.commit([
      { update: { name: bare.owner.name('items/one'), fields: { a: { integerValue: '1' } } } },
    ]);
    try {
      const found = await bare.owner.runQuery({
        from: [{ collectionId: 'items' }],
        where: filter('a', 'EQUAL'),
      });
      expect(found.map((d) => d.name)).toEqual([bare.owner.name('items/one')]);
    } finally {
      await bare.owner.clear();
    }
  });
});
