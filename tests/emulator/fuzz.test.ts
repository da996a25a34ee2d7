/**
 * Seeded fuzzing: the requests the Lite SDK sends for the app's own calls (recorded from the SDK
 * itself), each mutated structurally, sent with the SDK's headers to an emulator enforcing
 * firestore.rules. Fails on any 500, any answer slower than 5 s, or any change to a post that
 * no allowed (200) commit named. FUZZ_REQUESTS=12000 runs the issue's full count.
 */
import { readFileSync } from 'node:fs';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getCount,
  getDoc,
  getDocs,
  getFirestore,
  limit,
  orderBy,
  query,
  setLogLevel,
  startAfter,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileRules } from '../../emulator/rules/index';
import { startFirestoreEmulator, type RunningEmulator } from '../../emulator/server';
import { ownerClient } from '../../scripts/lib/ownerClient';
import { addComment, removeComment } from '../support/commentCommit';
import { addDoc, deleteDoc, updateDoc } from '../support/stampedWrites';

setLogLevel('silent');
const PROJECT = 'demo-fuzz';
const ROOT = `projects/${PROJECT}/databases/(default)/documents`;
const GOOGLE = { sign_in_provider: 'google.com' } as const;
const ADMIN = {
  sub: 'admin',
  email: 'admin@northbridge-fc.test',
  email_verified: true,
  firebase: GOOGLE,
};
const FAN = { sub: 'fan', email: 'fan@example.test', email_verified: true, firebase: GOOGLE };
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3000);
const SEED = Number(process.env.FUZZ_SEED ?? 17);

interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

let emulator: RunningEmulator;
const apps: FirebaseApp[] = [];
beforeAll(async () => {
  emulator = await startFirestoreEmulator({
    port: 0,
    rules: compileRules(readFileSync('firestore.rules', 'utf8')),
    log: () => {},
  });
});
afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  await emulator.close();
});

/** mulberry32: small, fast and seeded, so a failure reproduces with the same FUZZ_SEED. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function client(user: typeof ADMIN | null) {
  const app = initializeApp({ projectId: PROJECT, apiKey: 'fake' }, `fuzz-${apps.length}`);
  apps.push(app);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, emulator.host, emulator.port, user ? { mockUserToken: user } : {});
  return db;
}

/** Runs the app's calls through the real SDK and keeps every request it sends. */
async function recordSdkRequests(): Promise<Recorded[]> {
  const recorded: Recorded[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    recorded.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return realFetch(input, init);
  };
  try {
    const admin = client(ADMIN);
    const fan = client(FAN);
    const visitor = client(null);
    const post = {
      title: 'Striker signs',
      content: 'A long transfer story',
      imageUrl: 'https://example.com/a.jpg',
      link: '',
      comments: [],
      created: Date.now(),
    };
    const ref = await addDoc(collection(admin, 'posts'), post);
    const comment = { user: FAN.email, text: 'Great', date: new Date().toISOString() };
    await addComment(fan, { uid: FAN.sub, postId: ref.id, postTitle: post.title, comment });
    await removeComment(fan, { postId: ref.id, comment });
    await getCount(query(collection(visitor, 'posts'), limit(50)));
    await updateDoc(doc(admin, 'posts', ref.id), { content: 'Edited story' });
    const page = await getDocs(
      query(collection(visitor, 'posts'), orderBy('created', 'desc'), limit(36)),
    );
    await getDocs(
      query(
        collection(visitor, 'posts'),
        orderBy('created', 'desc'),
        orderBy('__name__', 'desc'),
        startAfter(page.docs[0].data().created, page.docs[0].id),
        limit(36),
      ),
    );
    await getDoc(doc(visitor, 'posts', ref.id));
    const doomed = await addDoc(collection(admin, 'posts'), post);
    await deleteDoc(doc(admin, 'posts', doomed.id));
  } finally {
    globalThis.fetch = realFetch;
  }
  return recorded.filter((request) => request.body !== undefined);
}

const ATOMS: unknown[] = [
  null,
  true,
  0,
  -0,
  -1,
  1.5,
  2 ** 63,
  1e308,
  '',
  'NaN',
  '-0',
  '__proto__',
  'constructor',
  'toString',
  '__name__',
  'a.b',
  '`x`',
  '%zz',
  'posts',
  `${ROOT}/posts/p0`,
  `${ROOT}/posts/__x__`,
  'REQUEST_TIME',
  'DESCENDING',
  'LESS_THAN',
  'x'.repeat(2000),
  [],
  {},
  { stringValue: 'x' },
  { integerValue: '9223372036854775807' },
  { doubleValue: '-0' },
  { arrayValue: { values: [{ arrayValue: {} }] } },
  // Parsed, as a request would be: in an object literal `__proto__` would set the prototype.
  JSON.parse('{"mapValue": {"fields": {"__proto__": {"stringValue": "x"}}}}'),
];
const KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '__x__', 'fields', 'value'];

type Json = unknown;

/** Every object or array in the value, with the way to reach it. */
function containers(value: Json): (Record<string, Json> | Json[])[] {
  const found: (Record<string, Json> | Json[])[] = [];
  const pending = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item !== 'object' || item === null) continue;
    found.push(item as Record<string, Json>); // any non-null object from JSON.parse is indexable
    pending.push(...Object.values(item));
  }
  return found;
}

/**
 * Deep nesting is spliced in as text: JSON.stringify itself would overflow the stack on it.
 * A marker string stands for it in the mutated body until `serialize`.
 */
const DEEP = /"~deep:(\d+):(\d)~"/g;
const DEEP_LEVELS: [string, string][] = [
  ['[', ']'],
  ['{"mapValue":{"fields":{"a":', '}}}'],
  ['{"arrayValue":{"values":[{"mapValue":{"fields":{"a":', '}}}]}}'],
  ['{"compositeFilter":{"op":"AND","filters":[', ']}}'],
];

function nest(depth: number, kind: number): string {
  return `~deep:${depth}:${kind}~`;
}

function serialize(body: Json): string {
  return JSON.stringify(body).replace(DEEP, (_, depth: string, kind: string) => {
    const [open, close] = DEEP_LEVELS[Number(kind)];
    return `${open.repeat(Number(depth))}{"stringValue":"x"}${close.repeat(Number(depth))}`;
  });
}

/** One structural mutation of a copy of the body (sometimes several). */
function mutate(body: Json, next: () => number): Json {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  // A copy each time: a shared atom mutated later in the same body could become a cycle.
  const atom = (): Json => structuredClone(pick(ATOMS));
  const copy: Json = JSON.parse(JSON.stringify(body));
  const rounds = 1 + Math.floor(next() * 3);
  for (let r = 0; r < rounds; r++) {
    const target = pick(containers(copy));
    const keys = Object.keys(target);
    const key = keys.length > 0 ? pick(keys) : '0';
    const entries = target as Record<string, Json>; // arrays are indexed by their keys too
    const choice = Math.floor(next() * 9);
    if (choice === 0) delete entries[key];
    else if (choice === 1) entries[key] = atom();
    else if (choice === 2)
      Object.defineProperty(entries, pick(KEYS), {
        value: atom(),
        enumerable: true,
        configurable: true,
        writable: true,
      });
    else if (choice === 3) entries[key] = [entries[key]];
    else if (choice === 4) entries[key] = { [pick(KEYS)]: entries[key] };
    else if (choice === 5) entries[key] = nest(pick([25, 200, 3000]), pick([0, 1, 2, 3]));
    else if (choice === 6 && typeof entries[key] === 'string')
      entries[key] = `${String(entries[key])}${pick(['.constructor', '/', '.__proto__', '`'])}`;
    else if (choice === 7 && keys.length > 0) {
      // Rename a member, e.g. stringValue → __proto__.
      const value = entries[key];
      delete entries[key];
      Object.defineProperty(entries, pick(KEYS), {
        value,
        enumerable: true,
        configurable: true,
        writable: true,
      });
    } else entries[key] = atom();
  }
  return copy;
}

function mutatePath(path: string, next: () => number): string {
  const variants = [
    path,
    path,
    path,
    `${path}/`,
    path.replace(':', '/:'),
    path.replace(/:(\w+)$/, ':constructor'),
    path.replace(/:(\w+)$/, ':toString'),
    path.replace('documents', 'documents/posts/%zz'),
    path.replace('(default)', '__proto__'),
  ];
  return variants[Math.floor(next() * variants.length)];
}

/** Every post as `name → updateTime + fields`, read as the owner. */
async function snapshot(): Promise<Map<string, string>> {
  const structuredQuery = { from: [{ collectionId: 'posts' }] };
  // Whole documents, updateTime included: runQuery answers a list of {document?, readTime}.
  const rows = (await ownerClient(emulator.url, PROJECT).call('runQuery', { structuredQuery })) as {
    document?: { name: string };
  }[];
  return new Map(
    rows.flatMap((row) =>
      row.document ? [[row.document.name, JSON.stringify(row.document)]] : [],
    ),
  );
}

/** Document names a commit body's writes name (when it is well-formed enough to name any). */
function namedDocuments(body: Json): Set<string> {
  const names = new Set<string>();
  for (const item of containers(body)) {
    for (const [key, value] of Object.entries(item)) {
      if (typeof value === 'string' && ['name', 'delete', 'document', 'verify'].includes(key))
        names.add(value);
    }
  }
  return names;
}

describe('fuzzed Lite SDK requests', () => {
  it(`answer ${REQUESTS} structural mutations without a 500, a hang or an unallowed change`, async () => {
    const recorded = await recordSdkRequests();
    expect(recorded.map((r) => r.path.split(':').pop())).toEqual(
      expect.arrayContaining(['commit', 'runQuery', 'batchGet']),
    );
    const next = random(SEED);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let before = await snapshot();
    for (let i = 0; i < REQUESTS && failures.length < 5; i++) {
      const original = recorded[Math.floor(next() * recorded.length)];
      const body = mutate(original.body, next);
      const path = mutatePath(original.path, next);
      const started = performance.now();
      const response = await fetch(`${emulator.url}${path}`, {
        method: original.method,
        headers: original.headers,
        body: serialize(body),
        signal: AbortSignal.timeout(5000),
      });
      const answer = await response.text();
      const took = performance.now() - started;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      const where = `#${i} ${original.method} ${path} ${JSON.stringify(body).slice(0, 400)}`;
      if (response.status >= 500 && response.status !== 501)
        failures.push(`${response.status} ${answer.slice(0, 300)} for ${where}`);
      if (took > 5000) failures.push(`took ${Math.round(took)} ms: ${where}`);
      const after = await snapshot();
      const allowed =
        response.status === 200 && path.endsWith(':commit')
          ? namedDocuments(body)
          : new Set<string>();
      for (const name of new Set([...before.keys(), ...after.keys()])) {
        if (before.get(name) !== after.get(name) && !allowed.has(`${name}`))
          failures.push(`${name} changed by a request answered ${response.status}: ${where}`);
      }
      before = after;
    }
    expect(failures).toEqual([]);
    // Most mutations must be refused, and some must still be allowed, or the fuzzing tests little.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(REQUESTS / 4);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(REQUESTS / 100);
  }, 120_000);
});
