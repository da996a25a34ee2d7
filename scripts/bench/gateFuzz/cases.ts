/**
 * What the fuzz sends: a fixed number of requests of each category, in an order and with details
 * drawn from the seed. Each request is built as it is sent (some bodies are megabytes), from its
 * own random stream (random.ts), so request N is the same on every run of a seed.
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import {
  FUZZ_COLLECTION,
  indexedQuery,
  malformed,
  validCall,
  wrongTyped,
  type Json,
  type Target,
} from './bodies';
import { requestSeed, seeded, type Random } from './random';

/** How many requests of each category make the 1,200. */
export const CATEGORY_COUNTS = {
  valid: 328,
  malformed: 150,
  'wrong-types': 150,
  'huge-or-deep': 40,
  compressed: 120,
  'content-type': 90,
  'content-length': 16,
  paths: 90,
  methods: 90,
  headers: 96,
  empty: 30,
} satisfies Record<string, number>;

export type Category = keyof typeof CATEGORY_COUNTS;
export const CATEGORIES = Object.keys(CATEGORY_COUNTS).filter(isCategory);

export interface FuzzRequest {
  category: Category;
  /** What kind of request it is, in a few words; the report counts by it. */
  label: string;
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  body?: Buffer;
  /** A Content-Length other than the body's length (the body's own when absent). */
  declaredLength?: number;
  /** What production answers a valid request with; any other status is reported. */
  expected?: number;
}

/** The categories of the run in their order: the counts, shuffled by the seed. */
export function plan(seed: number, count: number): Category[] {
  const all = CATEGORIES.flatMap((category) =>
    Array.from({ length: CATEGORY_COUNTS[category] }, () => category),
  );
  return seeded(seed).shuffle(all).slice(0, count);
}

/** The `index`th request of the seed's plan. */
export function buildRequest(
  seed: number,
  index: number,
  category: Category,
  target: Target,
): FuzzRequest {
  const random = seeded(requestSeed(seed, index));
  return { category, ...BUILDERS[category](random, target) };
}

type Built = Omit<FuzzRequest, 'category'>;
type Builder = (random: Random, target: Target) => Built;

const OWNER = { authorization: 'Bearer owner' };
const JSON_OWNER = { ...OWNER, 'content-type': 'application/json' };

const verbPath = (target: Target, verb: string) => `/v1/${target.root}:${verb}`;
const docPath = (target: Target, id: string) => `/v1/${target.root}/${FUZZ_COLLECTION}/${id}`;
const text = (body: Json) => Buffer.from(JSON.stringify(body));
const from = [{ collectionId: FUZZ_COLLECTION }];

function post(target: Target, verb: string, body: Buffer, label: string, headers = {}): Built {
  return {
    label,
    method: 'POST',
    path: verbPath(target, verb),
    headers: { ...JSON_OWNER, ...headers },
    body,
  };
}

function postCall(random: Random, target: Target, label = '', headers = {}): Built {
  const call = validCall(random, target);
  return post(target, call.verb, text(call.body), label || call.label, headers);
}

const valid: Builder = (random, target) => {
  const id = random.pick(target.docs);
  const others: Built[] = [
    {
      label: 'GET a document',
      method: 'GET',
      path: docPath(target, id),
      headers: OWNER,
      expected: 200,
    },
    {
      label: 'GET a missing document',
      method: 'GET',
      path: docPath(target, 'missing'),
      headers: OWNER,
      expected: 404,
    },
    {
      label: 'GET a page of the collection',
      method: 'GET',
      path: `/v1/${target.root}/${FUZZ_COLLECTION}?pageSize=2`,
      headers: OWNER,
      expected: 200,
    },
  ];
  if (random.chance(0.25)) return random.pick(others);
  const call = validCall(random, target);
  // Signed out, the rules refuse every path of the fuzz collection.
  if (random.chance(0.1) && call.verb === 'runQuery' && call.expected === 200) {
    return {
      ...post(target, call.verb, text(call.body), `${call.label}, signed out`),
      headers: { 'content-type': 'application/json' },
      expected: 403,
    };
  }
  return { ...post(target, call.verb, text(call.body), call.label), expected: call.expected };
};

const malformedJson: Builder = (random, target) => {
  const call = validCall(random, target);
  const spoiled = malformed(random, JSON.stringify(call.body));
  return post(target, call.verb, spoiled.body, spoiled.label);
};

const wrongTypes: Builder = (random, target) => {
  const call = validCall(random, target);
  const spoiled = wrongTyped(random, call.body);
  return post(target, call.verb, text(spoiled.body), spoiled.label);
};

/** Bodies built as text: JSON.stringify itself would overflow the stack on the deep ones. */
const hugeOrDeep: Builder = (random, target) => {
  const depth = random.pick([1000, 5000, 20_000, 100_000]);
  const megabytes = random.pick([1, 5, 11]);
  const builders: (() => Built)[] = [
    () => {
      const open = '{"compositeFilter": {"op": "AND", "filters": ['.repeat(depth);
      const leaf = '{"unaryFilter": {"op": "IS_NULL", "field": {"fieldPath": "n"}}}';
      const where = `${open}${leaf}${']}}'.repeat(depth)}`;
      const source = `[{"collectionId": "${FUZZ_COLLECTION}"}]`;
      const body = `{"structuredQuery": {"from": ${source}, "where": ${where}}}`;
      return post(target, 'runQuery', Buffer.from(body), 'filters nested deep');
    },
    () => {
      const open = '{"mapValue": {"fields": {"a": '.repeat(depth);
      const value = `${open}{"nullValue": null}${'}}}'.repeat(depth)}`;
      const name = `${target.root}/${FUZZ_COLLECTION}/deep`;
      const body = `{"writes": [{"update": {"name": "${name}", "fields": {"a": ${value}}}}]}`;
      return post(target, 'commit', Buffer.from(body), 'a map value nested deep');
    },
    // Production refuses more than 30 disjunctions once the filter is in disjunctive normal
    // form; k ORs of two under an AND make 2^k of them.
    () => {
      const ors = random.pick([8, 14, 18]);
      const equal = (fieldPath: string) => ({
        fieldFilter: { field: { fieldPath }, op: 'EQUAL', value: { integerValue: '1' } },
      });
      const filters = Array.from({ length: ors }, (_, n) => ({
        compositeFilter: { op: 'OR', filters: [equal(`a${n}`), equal(`b${n}`)] },
      }));
      const query = { from, where: { compositeFilter: { op: 'AND', filters } } };
      return post(
        target,
        'runQuery',
        text({ structuredQuery: query }),
        `${ors} ORs of two under an AND`,
      );
    },
    () =>
      post(
        target,
        'runQuery',
        Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`),
        'lists nested deep',
      ),
    // Google's engine answers 20,000 in under a second; the gate's index check took 16 s on
    // them (its work grows with the square of the count), so fewer keep the run short.
    () => {
      const filter = { unaryFilter: { op: 'IS_NULL', field: { fieldPath: 'n' } } };
      const filters = Array.from({ length: 12_000 }, () => filter);
      const query = { from, where: { compositeFilter: { op: 'AND', filters } } };
      return post(
        target,
        'runQuery',
        text({ structuredQuery: query }),
        '12,000 filters under an AND',
      );
    },
    () => {
      const documents = Array.from(
        { length: 5000 },
        (_, n) => `${target.root}/${FUZZ_COLLECTION}/many-${n}`,
      );
      return post(target, 'batchGet', text({ documents }), 'batchGet of 5,000 documents');
    },
    () => {
      const id = 'x'.repeat(megabytes * 1024 * 1024);
      const body = text({ structuredQuery: { from: [{ collectionId: id }] } });
      return post(target, 'runQuery', body, `a ${megabytes} MB runQuery`);
    },
    () => {
      const fields = { a: { stringValue: 'y'.repeat(megabytes * 1024 * 1024) } };
      const body = text({
        writes: [{ update: { name: `${target.root}/${FUZZ_COLLECTION}/big`, fields } }],
      });
      return post(target, 'commit', body, `a ${megabytes} MB commit`);
    },
    () => ({
      label: 'a 10 KB URL',
      method: 'GET',
      path: docPath(target, 'u'.repeat(10_000)),
      headers: OWNER,
    }),
    // Past Node's 16 KB limit on a request's head.
    () => ({
      label: 'a 40 KB URL',
      method: 'GET',
      path: docPath(target, 'u'.repeat(40_000)),
      headers: OWNER,
    }),
  ];
  return random.pick(builders)();
};

const compressed: Builder = (random, target) => {
  const call = validCall(random, target);
  const plain = text(call.body);
  const gzip = { 'content-encoding': 'gzip' };
  const variants: (() => Built)[] = [
    () => ({
      ...post(target, call.verb, gzipSync(plain), `gzip: ${call.label}`, gzip),
      expected: call.expected,
    }),
    // The gate checks a query's indexes on the JSON it reads: a gzipped one it cannot read.
    () => ({
      ...post(
        target,
        'runQuery',
        gzipSync(text(indexedQuery(random))),
        'gzip: runQuery needing an index',
        gzip,
      ),
      expected: 400,
    }),
    () =>
      post(
        target,
        call.verb,
        gzipSync(malformed(random, plain.toString()).body),
        'gzip: malformed JSON',
        gzip,
      ),
    () =>
      post(
        target,
        call.verb,
        gzipSync(random.bytes(random.int(1, 400))),
        'gzip: of random bytes',
        gzip,
      ),
    () =>
      post(
        target,
        call.verb,
        gzipSync(plain).subarray(0, random.int(1, 20)),
        'gzip: truncated',
        gzip,
      ),
    () => post(target, call.verb, plain, 'gzip: not gzip at all', gzip),
    () =>
      post(target, call.verb, gzipSync(gzipSync(plain)), 'gzip: twice, declared twice', {
        'content-encoding': 'gzip, gzip',
      }),
    () => post(target, call.verb, gzipSync(plain), 'x-gzip', { 'content-encoding': 'x-gzip' }),
    () =>
      post(
        target,
        call.verb,
        gzipSync(Buffer.alloc(20 * 1024 * 1024, 32)),
        'gzip: 20 MB of spaces',
        gzip,
      ),
    () => post(target, call.verb, Buffer.alloc(0), 'gzip: empty body', gzip),
    () => post(target, call.verb, deflateSync(plain), 'deflate', { 'content-encoding': 'deflate' }),
    () =>
      post(target, call.verb, plain, 'deflate: not deflate at all', {
        'content-encoding': 'deflate',
      }),
    () => post(target, call.verb, brotliCompressSync(plain), 'br', { 'content-encoding': 'br' }),
    () =>
      post(target, call.verb, plain, 'an unknown encoding (zstd), body plain', {
        'content-encoding': 'zstd',
      }),
    () => post(target, call.verb, plain, 'identity', { 'content-encoding': 'identity' }),
    () => ({
      label: 'gzip: GET with a body not gzip',
      method: 'GET',
      path: docPath(target, random.pick(target.docs)),
      headers: { ...OWNER, ...gzip },
      body: Buffer.from('garbage'),
    }),
  ];
  return random.pick(variants)();
};

const CONTENT_TYPES: (string | undefined)[] = [
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=fuzz',
  'application/json; charset=iso-8859-1',
  'application/json+protobuf',
  'application/x-protobuf',
  'application/grpc',
  'application/octet-stream',
  '',
];

const contentType: Builder = (random, target) => {
  const type = random.pick(CONTENT_TYPES);
  const label = `content-type ${type === undefined ? 'missing' : JSON.stringify(type)}`;
  const headers: Record<string, string> = { ...OWNER };
  if (type !== undefined) headers['content-type'] = type;
  return { ...postCall(random, target, label), headers };
};

/**
 * A Content-Length that is not the body's: shorter (what follows is read as the next request) or
 * longer (the rest never comes). To a runQuery (the gate reads the body itself) or a commit and a
 * GET (streamed to the engine).
 */
const contentLength: Builder = (random, target) => {
  const longer = random.chance(0.5);
  const routes: ('runQuery' | 'commit' | 'GET')[] = ['runQuery', 'commit', 'GET'];
  const route = random.pick(routes);
  const body =
    route === 'GET'
      ? {
          label: 'GET',
          method: 'GET',
          path: docPath(target, random.pick(target.docs)),
          headers: JSON_OWNER,
          body: Buffer.from('{}'),
        }
      : post(target, route, text(validCallFor(random, target, route)), route);
  const size = body.body?.length ?? 0;
  const declaredLength = longer ? size + random.int(1, 200) : Math.max(0, size - random.int(1, 20));
  return {
    ...body,
    label: `content-length ${longer ? 'longer' : 'shorter'} than the body, ${body.label}`,
    declaredLength,
  };
};

function validCallFor(random: Random, target: Target, verb: string): Json {
  for (let tries = 0; tries < 50; tries++) {
    const call = validCall(random, target);
    if (call.verb === verb) return call.body;
  }
  return {};
}

const paths: Builder = (random, target) => {
  const project = target.root.split('/')[1];
  const choices: [string, string, string][] = [
    ['GET', '/', 'the root'],
    ['GET', '/v1', '/v1'],
    ['GET', '/nope', 'an unknown path'],
    ['POST', verbPath(target, 'frobnicate'), 'an unknown verb'],
    ['POST', verbPath(target, 'listen'), 'listen (a stream)'],
    ['POST', verbPath(target, 'write'), 'write (a stream)'],
    ['POST', verbPath(target, 'partitionQuery'), 'partitionQuery'],
    [
      'POST',
      '/v1/projects/Not-A-Project/databases/(default)/documents:runQuery',
      'a project id with capitals',
    ],
    [
      'POST',
      '/v1/projects/a_b/databases/(default)/documents:runQuery',
      'a project id with an underscore',
    ],
    ['POST', `/v1/projects/${project}/databases/other/documents:runQuery`, 'another database'],
    ['GET', `${docPath(target, '%ZZ')}`, 'a bad percent-escape'],
    ['GET', `${docPath(target, '%00')}`, 'a NUL in a document id'],
    ['GET', `${docPath(target, 'a')}/../../..`, 'dot segments'],
    ['GET', `/v1/${target.root}/${FUZZ_COLLECTION}?pageToken=garbage`, 'a garbage page token'],
    [
      'GET',
      `${docPath(target, random.pick(target.docs))}?mask.fieldPaths=a..b`,
      'a bad field mask',
    ],
    ['POST', '/google.firestore.v1.Firestore/RunQuery', 'the gRPC path'],
  ];
  const [method, path, label] = random.pick(choices);
  return {
    label,
    method,
    path,
    headers: method === 'POST' ? JSON_OWNER : OWNER,
    body: method === 'POST' ? text(validCall(random, target).body) : undefined,
  };
};

const methods: Builder = (random, target) => {
  const doc = docPath(target, random.pick(target.docs));
  const query = verbPath(target, 'runQuery');
  const choices: [string, string, string, Record<string, string>][] = [
    ['PUT', query, 'PUT on runQuery', JSON_OWNER],
    ['PATCH', query, 'PATCH on runQuery', JSON_OWNER],
    ['DELETE', query, 'DELETE on runQuery', OWNER],
    ['GET', query, 'GET on runQuery', OWNER],
    ['HEAD', doc, 'HEAD on a document', OWNER],
    ['HEAD', query, 'HEAD on runQuery', OWNER],
    ['TRACE', doc, 'TRACE', {}],
    ['PROPFIND', doc, 'PROPFIND', OWNER],
    ['PURGE', doc, 'PURGE', OWNER],
    ['SEARCH', doc, 'SEARCH', OWNER],
    ['FROB', doc, 'a method no HTTP parser knows', OWNER],
    ['OPTIONS', query, 'OPTIONS without an Origin', {}],
    [
      'OPTIONS',
      query,
      'a preflight from a loopback page',
      {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    ],
    [
      'OPTIONS',
      query,
      'a preflight from another site',
      { origin: 'http://fuzz.example', 'access-control-request-method': 'POST' },
    ],
    ['PATCH', doc, 'PATCH a document', JSON_OWNER],
    ['DELETE', docPath(target, `written-${random.int(0, 49)}`), 'DELETE a document', OWNER],
  ];
  const [method, path, label, headers] = random.pick(choices);
  const body = ['PUT', 'PATCH'].includes(method)
    ? text({ fields: { n: { integerValue: String(random.int(0, 9)) } } })
    : undefined;
  return { label, method, path, headers, body };
};

const headers: Builder = (random, target) => {
  const choices: [string, Record<string, string | string[]>][] = [
    ['Origin http://localhost:5173', { origin: 'http://localhost:5173' }],
    ['Origin http://127.0.0.1:8080', { origin: 'http://127.0.0.1:8080' }],
    ['Origin http://[::1]:3000', { origin: 'http://[::1]:3000' }],
    ['Origin http://fuzz.example', { origin: 'http://fuzz.example' }],
    ['Origin null', { origin: 'null' }],
    ['Origin https://localhost', { origin: 'https://localhost' }],
    ['Origin http://localhost.fuzz.example', { origin: 'http://localhost.fuzz.example' }],
    ['Basic credentials', { authorization: 'Basic Zm9vOmJhcg==' }],
    ['a token that is not a JWT', { authorization: 'Bearer a.b.c' }],
    ['an empty Bearer', { authorization: 'Bearer ' }],
    ['a 20 KB cookie', { cookie: `c=${'k'.repeat(20_000)}` }],
    [
      '100 extra headers',
      Object.fromEntries(Array.from({ length: 100 }, (_, n) => [`x-fuzz-${n}`, String(n)])),
    ],
    ['accepts gzip', { 'accept-encoding': 'gzip' }],
    ['accepts br only', { 'accept-encoding': 'br' }],
    ['refuses everything (*;q=0)', { 'accept-encoding': '*;q=0' }],
    ['X-HTTP-Method-Override: DELETE', { 'x-http-method-override': 'DELETE' }],
    ['Expect: 100-continue', { expect: '100-continue' }],
    ['Upgrade: websocket', { connection: 'Upgrade', upgrade: 'websocket' }],
    [
      'Transfer-Encoding and Content-Length both',
      { 'transfer-encoding': 'chunked', 'content-length': '10' },
    ],
    ['two different Content-Lengths', { 'content-length': ['10', '20'] }],
    ['Host: fuzz.example', { host: 'fuzz.example' }],
  ];
  const [label, extra] = random.pick(choices);
  return postCall(random, target, label, extra);
};

const empty: Builder = (random, target) => {
  const verb = random.pick([
    'runQuery',
    'commit',
    'batchGet',
    'runAggregationQuery',
    'beginTransaction',
    'rollback',
  ]);
  const variants: Built[] = [
    post(target, verb, Buffer.alloc(0), `empty ${verb}`),
    { ...post(target, verb, Buffer.alloc(0), `empty ${verb}, no content-type`), headers: OWNER },
    {
      label: `${verb} without a body`,
      method: 'POST',
      path: verbPath(target, verb),
      headers: JSON_OWNER,
    },
    {
      label: 'empty PATCH of a document',
      method: 'PATCH',
      path: docPath(target, 'patched'),
      headers: JSON_OWNER,
      body: Buffer.alloc(0),
    },
  ];
  return random.pick(variants);
};

const BUILDERS: Record<Category, Builder> = {
  valid,
  malformed: malformedJson,
  'wrong-types': wrongTypes,
  'huge-or-deep': hugeOrDeep,
  compressed,
  'content-type': contentType,
  'content-length': contentLength,
  paths,
  methods,
  headers,
  empty,
};

function isCategory(name: string): name is Category {
  return name in CATEGORY_COUNTS;
}
