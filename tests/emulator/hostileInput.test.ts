/**
 * Inputs chosen to break a JavaScript implementation: prototype member names as field names,
 * reserved names, deep nesting, negative zero, odd paths, and many distinct query orders.
 */
import { collection, doc, getDoc, getDocs, orderBy, query, setDoc } from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseState } from '../../emulator/state';
import { ApiError } from '../../emulator/errors';
import { startHarness, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('demo-emulator-hostile');
});
afterAll(() => h.close());
beforeEach(() => h.clear());

const text = (value: string) => ({ stringValue: value });
const update = (path: string, fields: unknown, extra: Record<string, unknown> = {}) => ({
  writes: [{ update: { name: h.name(path), fields }, ...extra }],
});

async function read(path: string): Promise<unknown> {
  const result = await h.rest('batchGet', { documents: [h.name(path)] }, { token: 'owner' });
  // batchGet answers one {found} or {missing} per requested document.
  return (result.json as { found?: { fields?: unknown } }[])[0].found?.fields;
}

function nested(depth: number): unknown {
  let value: unknown = text('leaf');
  for (let i = 0; i < depth; i++) value = { mapValue: { fields: { a: value } } };
  return value;
}

describe('prototype member names are ordinary field names', () => {
  it('stores and reads fields named constructor and toString', async () => {
    const fields = { constructor: text('c'), toString: text('t'), hasOwnProperty: text('h') };
    expect((await h.rest('commit', update('posts/a', fields))).status).toBe(200);
    expect(await read('posts/a')).toEqual(fields);
  });

  it('an update mask naming constructor or toString deletes nothing that exists and adds nothing', async () => {
    await h.rest('commit', update('posts/a', { title: text('kept') }));
    const masked = update(
      'posts/a',
      {},
      { updateMask: { fieldPaths: ['constructor', 'toString'] } },
    );
    expect((await h.rest('commit', masked)).status).toBe(200);
    expect(await read('posts/a')).toEqual({ title: text('kept') });
  });

  it('orderBy and where on constructor see only documents that have that field', async () => {
    await h.rest('commit', update('posts/a', { title: text('no such field') }));
    await h.rest('commit', update('posts/b', { constructor: text('has it') }));
    const db = h.client();
    const ordered = await getDocs(query(collection(db, 'posts'), orderBy('constructor')));
    expect(ordered.docs.map((d) => d.id)).toEqual(['b']);
    const filtered = await h.rest('runQuery', {
      structuredQuery: {
        from: [{ collectionId: 'posts' }],
        where: {
          unaryFilter: { op: 'IS_NOT_NULL', field: { fieldPath: 'toString' } },
        },
      },
    });
    expect(filtered.json).toEqual([{ readTime: expect.any(String) }]);
  });

  it('a transform on a field named toString increments from nothing', async () => {
    const body = {
      writes: [
        {
          update: { name: h.name('posts/a'), fields: {} },
          updateTransforms: [{ fieldPath: 'toString', increment: { integerValue: '2' } }],
        },
      ],
    };
    expect((await h.rest('commit', body)).status).toBe(200);
    expect(await read('posts/a')).toEqual({ toString: { integerValue: '2' } });
  });
});

describe('reserved field names', () => {
  // matches Firestore: "Field names matching the regular expression __.*__ are reserved."
  for (const [what, fields] of [
    ['__proto__ at the top', JSON.parse('{"__proto__": {"stringValue": "x"}}')],
    ['__x__ in a map', { m: { mapValue: { fields: { __x__: text('x') } } } }],
  ] as const) {
    it(`refuses ${what} with 400 and stores nothing`, async () => {
      const result = await h.rest('commit', update('posts/a', fields));
      expect(result.status).toBe(400);
      expect(JSON.stringify(result.json)).toContain('reserved');
      expect(await read('posts/a')).toBeUndefined();
    });
  }

  it('refuses a reserved name in an update mask or a transform', async () => {
    const masked = update('posts/a', {}, { updateMask: { fieldPaths: ['__proto__'] } });
    expect((await h.rest('commit', masked)).status).toBe(400);
    const transformed = update(
      'posts/a',
      {},
      { updateTransforms: [{ fieldPath: '__x__', setToServerValue: 'REQUEST_TIME' }] },
    );
    expect((await h.rest('commit', transformed)).status).toBe(400);
  });

  it('accepts a vector (the SDKs encode it as a map with __type__)', async () => {
    const vector = {
      mapValue: {
        fields: {
          __type__: text('__vector__'),
          value: { arrayValue: { values: [{ doubleValue: 1 }] } },
        },
      },
    };
    expect((await h.rest('commit', update('posts/a', { v: vector }))).status).toBe(200);
  });
});

describe('nesting limits', () => {
  it('accepts a value nested 20 levels and refuses 21 (Firestore documents 20)', async () => {
    expect((await h.rest('commit', update('posts/a', { n: nested(19) }))).status).toBe(200);
    const deeper = await h.rest('commit', update('posts/b', { n: nested(20) }));
    expect(deeper.status).toBe(400);
    expect(JSON.stringify(deeper.json)).toContain('nested more than 20 levels');
  });

  it('answers 400 to a filter nested 2,000 deep and to arrays nested 5,000 deep', async () => {
    // Built as text: JSON.stringify itself would overflow the test's stack.
    const base = `/v1/projects/${h.projectId}/databases/(default)/documents`;
    const leaf = '{"unaryFilter":{"op":"IS_NULL","field":{"fieldPath":"a"}}}';
    const filter = `${'{"compositeFilter":{"op":"AND","filters":['.repeat(2000)}${leaf}${']}}'.repeat(2000)}`;
    const deepFilter = await h.raw('POST', `${base}:runQuery`, {
      body: `{"structuredQuery":{"from":[{"collectionId":"p"}],"where":${filter}}}`,
    });
    expect(deepFilter.status).toBe(400);
    const arrays = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    const deepArrays = await h.raw('POST', `${base}:commit`, {
      body: `{"writes":[{"update":{"name":"${h.name('posts/a')}","fields":{"a":${arrays}}}}]}`,
    });
    expect(deepArrays.status).toBe(400);
  });

  it('answers 400 to token claims nested 2,000 deep', async () => {
    const claims = `{"sub":"u","deep":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`;
    const token = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(claims).toString('base64url')}.`;
    const result = await h.rest('batchGet', { documents: [h.name('posts/a')] }, { token });
    expect(result.status).toBe(400);
  });
});

describe('values and paths', () => {
  it('-0.0 is read back as -0.0, through REST and through the SDK', async () => {
    const db = h.client();
    await setDoc(doc(db, 'posts/a'), { zero: -0 });
    expect(await read('posts/a')).toEqual({ zero: { doubleValue: '-0' } });
    expect(Object.is((await getDoc(doc(db, 'posts/a'))).get('zero'), -0)).toBe(true);
  });

  it('answers 404 to documents:runQuery/ (a trailing slash) and to an inherited verb', async () => {
    const base = `/v1/projects/${h.projectId}/databases/(default)/documents`;
    const body = JSON.stringify({ structuredQuery: { from: [{ collectionId: 'p' }] } });
    expect((await h.raw('POST', `${base}:runQuery/`, { body })).status).toBe(404);
    expect((await h.raw('POST', `${base}:constructor`, { body })).status).toBe(404);
  });
});

describe('indexes under many distinct orders', () => {
  it('keeps a bounded number of indexes, and keeps the order queries repeat', () => {
    const db = new DatabaseState(
      { project: 'p', database: '(default)' },
      { probation: 4, protected: 4, entries: 1_000 },
    );
    const order = (field: string) => [
      { path: [field], desc: true },
      { path: ['__name__'], desc: true },
    ];
    const feed = db.index('posts', order('created'));
    expect(db.index('posts', order('created'))).toBe(feed); // a second use protects it
    for (let i = 0; i < 500; i++) db.index('posts', order(`field${i}`));
    expect(db.indexCount).toBeLessThanOrEqual(8);
    expect(db.index('posts', order('created'))).toBe(feed);
  });

  it('refuses an index larger than it may hold with RESOURCE_EXHAUSTED', () => {
    const db = new DatabaseState(
      { project: 'p', database: '(default)' },
      { probation: 4, protected: 4, entries: 10 },
    );
    const changes = new Map(
      Array.from({ length: 11 }, (_, i) => {
        const name = `projects/p/databases/(default)/documents/posts/d${i}`;
        return [
          `posts/d${i}`,
          {
            path: `posts/d${i}`,
            name,
            ref: { referenceValue: name },
            fields: {},
            createTime: 1,
            updateTime: 1,
            createTimeText: '',
            updateTimeText: '',
          },
        ] as const;
      }),
    );
    db.apply(new Map(changes));
    let caught: unknown = null;
    try {
      db.index('posts', [{ path: ['__name__'], desc: false }]);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect(caught).toMatchObject({ status: 'RESOURCE_EXHAUSTED', httpStatus: 429 });
  });
});
