import { doc, getDoc, setDoc } from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../support/harness';

let h: Harness;
let root: string;
beforeAll(async () => {
  h = await startHarness('demo-emulator-malformed');
  root = `/v1/projects/${h.projectId}/databases/(default)/documents`;
});
afterAll(() => h.close());
beforeEach(() => h.clear());

interface Case {
  what: string;
  method?: string;
  path?: string;
  body?: string;
  headers?: Record<string, string>;
  status: number;
  errorStatus: string;
  message: RegExp;
}

const query = (structuredQuery: unknown) => JSON.stringify({ structuredQuery });
const write = (w: unknown) => JSON.stringify({ writes: [w] });

function cases(): Case[] {
  const name = `projects/${h.projectId}/databases/(default)/documents/posts/a`;
  return [
    {
      what: 'bad JSON',
      path: ':commit',
      body: '{"writes": [',
      status: 400,
      errorStatus: 'INVALID_ARGUMENT',
      message: /Invalid JSON payload/,
    },
    {
      what: 'unknown top-level field',
      path: ':commit',
      body: '{"writez": []}',
      status: 400,
      errorStatus: 'INVALID_ARGUMENT',
      message: /Unknown name "writez"/,
    },
    {
      what: 'unknown nested field',
      path: ':runQuery',
      body: query({ from: [{ collectionId: 'p' }], limitt: 3 }),
      status: 400,
      errorStatus: 'INVALID_ARGUMENT',
      message: /Unknown name "limitt"/,
    },
    {
      what: 'wrong value type',
      path: ':commit',
      body: write({ update: { name, fields: { n: { integerValue: 'twelve' } } } }),
      status: 400,
      errorStatus: 'INVALID_ARGUMENT',
      message: /'writes\[0\]\.update\.fields\.n'.*TYPE_INT64/,
    },
    {
      what: 'two value kinds',
      path: ':commit',
      body: write({ update: { name, fields: { n: { integerValue: '1', stringValue: 'x' } } } }),
      status: 400,
      errorStatus: 'INVALID_ARGUMENT',
      message: /fields\.n/,
    },
    {
      what: 'a collection as a document',
      path: ':commit',
      body: write({ delete: `projects/${h.projectId}/databases/(default)/documents/posts` }),
      status: 400,
      errorStatus: 'INVALID_ARGUMENT',
      message: /even number of segments/,
    },
    {
      what: 'another project',
      path: ':batchGet',
      body: JSON.stringify({ documents: ['projects/other/databases/(default)/documents/posts/a'] }),
      status: 400,
      errorStatus: 'INVALID_ARGUMENT',
      message: /not a document in/,
    },
    {
      what: 'a huge body',
      path: ':commit',
      body: `{"writes":[],"pad":"${'x'.repeat(10 * 1024 * 1024)}"}`,
      status: 413,
      errorStatus: 'INVALID_ARGUMENT',
      message: /exceeds the limit/,
    },
    {
      what: 'an unknown path',
      method: 'POST',
      path: '/v2/whatever',
      status: 404,
      errorStatus: 'NOT_FOUND',
      message: /Unknown path: POST \/v2\/whatever/,
    },
    {
      what: 'an unknown verb',
      path: ':explode',
      body: '{}',
      status: 404,
      errorStatus: 'NOT_FOUND',
      message: /Unknown path/,
    },
    {
      what: 'a wrong HTTP method',
      method: 'GET',
      path: ':commit',
      status: 404,
      errorStatus: 'NOT_FOUND',
      message: /GET is not supported.*use POST/,
    },
    {
      what: 'a malformed token',
      path: ':commit',
      body: '{}',
      headers: { authorization: 'Bearer abc.def' },
      status: 401,
      errorStatus: 'UNAUTHENTICATED',
      message: /invalid authentication credentials/,
    },
    {
      what: 'a non-Bearer header',
      path: ':commit',
      body: '{}',
      headers: { authorization: 'Basic abc' },
      status: 401,
      errorStatus: 'UNAUTHENTICATED',
      message: /Bearer/,
    },
    {
      what: 'allDescendants that is not a boolean',
      path: ':runQuery',
      body: query({ from: [{ collectionId: 'p', allDescendants: 'yes' }] }),
      status: 400,
      errorStatus: 'INVALID_ARGUMENT',
      message: /allDescendants/,
    },
    {
      what: 'a transaction',
      path: ':runQuery',
      body: JSON.stringify({
        structuredQuery: { from: [{ collectionId: 'p' }] },
        newTransaction: {},
      }),
      status: 501,
      errorStatus: 'UNIMPLEMENTED',
      message: /Transactions/,
    },
    {
      what: 'findNearest',
      path: ':runQuery',
      body: query({ from: [{ collectionId: 'p' }], findNearest: {} }),
      status: 501,
      errorStatus: 'UNIMPLEMENTED',
      message: /findNearest/,
    },
    {
      what: 'an aggregation query without its query',
      path: ':runAggregationQuery',
      body: '{}',
      status: 400,
      errorStatus: 'INVALID_ARGUMENT',
      message: /structured_aggregation_query/,
    },
    {
      what: 'an aggregation in a transaction',
      path: ':runAggregationQuery',
      body: JSON.stringify({
        structuredAggregationQuery: {
          structuredQuery: { from: [{ collectionId: 'p' }] },
          aggregations: [{ count: {} }],
        },
        newTransaction: {},
      }),
      status: 501,
      errorStatus: 'UNIMPLEMENTED',
      message: /Transactions/,
    },
    {
      what: 'a bad operator',
      path: ':runQuery',
      body: query({
        from: [{ collectionId: 'p' }],
        where: {
          fieldFilter: { field: { fieldPath: 'a' }, op: 'LIKE', value: { nullValue: null } },
        },
      }),
      status: 400,
      errorStatus: 'INVALID_ARGUMENT',
      message: /"LIKE" is not a field operator/,
    },
    {
      what: 'an unquoted odd field path',
      path: ':runQuery',
      body: query({ from: [{ collectionId: 'p' }], orderBy: [{ field: { fieldPath: 'a-b' } }] }),
      status: 400,
      errorStatus: 'INVALID_ARGUMENT',
      message: /backticks/,
    },
    {
      what: 'too many cursor values',
      path: ':runQuery',
      body: query({
        from: [{ collectionId: 'p' }],
        startAt: { values: [{ integerValue: '1' }, { integerValue: '2' }] },
      }),
      status: 400,
      errorStatus: 'INVALID_ARGUMENT',
      message: /Too many cursor values/,
    },
    {
      what: 'a negative limit',
      path: ':runQuery',
      body: query({ from: [{ collectionId: 'p' }], limit: -1 }),
      status: 400,
      errorStatus: 'INVALID_ARGUMENT',
      message: /limit/,
    },
    {
      what: 'a bad timestamp',
      path: ':commit',
      body: write({ update: { name, fields: { t: { timestampValue: '2026-02-30T00:00:00Z' } } } }),
      status: 400,
      errorStatus: 'INVALID_ARGUMENT',
      message: /not a valid date/,
    },
    {
      what: 'a nested array',
      path: ':commit',
      body: write({
        update: { name, fields: { a: { arrayValue: { values: [{ arrayValue: {} }] } } } },
      }),
      status: 400,
      errorStatus: 'INVALID_ARGUMENT',
      message: /cannot contain another array/,
    },
    {
      what: 'a bad transform',
      path: ':commit',
      body: write({
        update: { name, fields: {} },
        updateTransforms: [{ fieldPath: 'n', increment: { stringValue: '1' } }],
      }),
      status: 400,
      errorStatus: 'INVALID_ARGUMENT',
      message: /increment needs an integerValue or doubleValue/,
    },
    {
      what: 'a reserved id',
      path: ':commit',
      body: write({ delete: `projects/${h.projectId}/databases/(default)/documents/posts/__x__` }),
      status: 400,
      errorStatus: 'INVALID_ARGUMENT',
      message: /reserved/,
    },
    {
      what: 'a body that is not an object',
      path: ':batchGet',
      body: '[1,2]',
      status: 400,
      errorStatus: 'INVALID_ARGUMENT',
      message: /Expected an object/,
    },
  ];
}

describe('malformed requests', () => {
  it('each get the right error in Firestore shape while the server keeps serving', async () => {
    const db = h.client();
    for (const c of cases()) {
      const path = c.path?.startsWith('/') ? c.path : `${root}${c.path}`;
      const result = await h.raw(c.method ?? 'POST', path, { body: c.body, headers: c.headers });
      expect({ what: c.what, status: result.status }).toEqual({ what: c.what, status: c.status });
      const error = (result.json as { error: { code: number; status: string; message: string } })
        .error;
      expect({ what: c.what, code: error.code, status: error.status }).toEqual({
        what: c.what,
        code: c.status,
        status: c.errorStatus,
      });
      expect(error.message, c.what).toMatch(c.message);
      // Still serving after every bad request.
      await setDoc(doc(db, 'posts', 'alive'), { after: c.what });
      expect((await getDoc(doc(db, 'posts', 'alive'))).get('after')).toBe(c.what);
    }
  });

  it('answers CORS preflight for any origin with the headers the SDK sends', async () => {
    const response = await fetch(`${h.emulator.url}${root}:runQuery`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'content-type,x-goog-api-client,google-cloud-resource-prefix,x-goog-request-params,x-firebase-gmpid,authorization',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-goog-api-client');
  });

  it('accepts the (default) database URL-encoded and a text/plain body, as the Lite SDK sends', async () => {
    const result = await h.raw(
      'POST',
      `/v1/projects/${h.projectId}/databases/%28default%29/documents:runQuery`,
      {
        body: query({ from: [{ collectionId: 'posts' }] }),
        headers: { 'content-type': 'text/plain' },
      },
    );
    expect(result.status).toBe(200);
  });
});
