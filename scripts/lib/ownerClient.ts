/**
 * The one REST client with the emulators' owner credential (`Authorization: Bearer owner`, as in
 * the official emulators: never subject to the rules), for the seed, the test stacks, the test
 * harnesses and the benches: what they do to the data behind the app's back, on documented paths
 * only.
 */
import type { Fields, Value } from './restValue';
import { sendWithFetch, type Send } from './send';
import { POST_CHANGES } from '../../src/shared/collections';
import { WRITES_PER_COMMIT } from '../../src/shared/store/firestoreLimits';

/** A document as runQuery and batchGet return it. */
export interface StoredDocument {
  name: string;
  fields: Fields;
}

export interface OwnerClient {
  /** projects/{project}/databases/(default)/documents */
  root: string;
  /** The full resource name of a document path such as 'posts/a'. */
  name(path: string): string;
  /**
   * POST documents:{verb} and the parsed answer; fails on any status but 2xx. As the owner unless
   * `token` names another caller ('' for none: an anonymous visitor), for benches that time what
   * the app's own requests cost.
   */
  call(verb: string, body: unknown, token?: string): Promise<unknown>;
  /** One atomic commit of the writes as given (Firestore takes at most 500 a commit). */
  commit(writes: unknown[]): Promise<void>;
  /** The documents a query over the root matches, in its order. */
  runQuery(structuredQuery: unknown): Promise<StoredDocument[]>;
  /** A document by path, or null when there is none. */
  get(path: string): Promise<StoredDocument | null>;
  /** Deletes every document of the project (the emulators' clear endpoint). */
  clear(): Promise<void>;
  /** Replaces the rules, as the official emulator's securityRules endpoint does. */
  setRules(source: string): Promise<void>;
}

/** `firestoreUrl` is the emulator's origin, e.g. http://127.0.0.1:8080. */
export function ownerClient(
  firestoreUrl: string,
  projectId: string,
  send: Send = sendWithFetch,
): OwnerClient {
  const root = `projects/${projectId}/databases/(default)/documents`;
  const request = (method: string, url: string, body?: unknown, token = 'owner') =>
    sendRequest(send, method, url, body, token);
  const call = (verb: string, body: unknown, token?: string) =>
    request('POST', `${firestoreUrl}/v1/${root}:${verb}`, body, token);
  return {
    root,
    name: (path) => `${root}/${path}`,
    call,
    async commit(writes) {
      await call('commit', { writes });
    },
    async runQuery(structuredQuery) {
      const results = await call('runQuery', { structuredQuery });
      return Array.isArray(results) ? results.flatMap((entry) => storedDocument(entry)) : [];
    },
    async get(path) {
      const results = await call('batchGet', { documents: [`${root}/${path}`] });
      return Array.isArray(results) ? (storedDocument(results[0], 'found')[0] ?? null) : null;
    },
    async clear() {
      await request('DELETE', `${firestoreUrl}/emulator/v1/${root}`);
    },
    async setRules(source) {
      await request('PUT', `${firestoreUrl}/emulator/v1/projects/${projectId}:securityRules`, {
        rules: { files: [{ name: 'firestore.rules', content: source }] },
      });
    },
  };
}

/**
 * Commits `writes` in order, WRITES_PER_COMMIT at a time: each commit is atomic, the whole is not.
 * As the owner unless `token` names another caller (as OwnerClient.call).
 */
export async function commitInBatches(
  client: OwnerClient,
  writes: unknown[],
  token?: string,
): Promise<void> {
  for (let start = 0; start < writes.length; start += WRITES_PER_COMMIT) {
    await client.call('commit', { writes: writes.slice(start, start + WRITES_PER_COMMIT) }, token);
  }
}

/**
 * A write to posts/{postId} as the app makes it, from another device: one commit with the post's
 * change stamp (postChanges/{postId}.at = the commit's time), which open pages poll, and any
 * writes the app makes `also` in that commit (a comment's copy and commenter stamp).
 */
export async function commitPostWrite(
  client: OwnerClient,
  postId: string,
  write: Record<string, unknown>,
  ...also: Record<string, unknown>[]
): Promise<void> {
  await client.commit([write, ...also, changeStamp(client, postId)]);
}

/**
 * Post `postId`'s change stamp for a commit that writes the post: `at` and `postAt` the commit's
 * time (src/shared/store/postStamp.ts, as the app stamps).
 */
export function changeStamp(client: OwnerClient, postId: string): Record<string, unknown> {
  return {
    update: { name: client.name(`${POST_CHANGES}/${postId}`), fields: {} },
    updateTransforms: ['at', 'postAt'].map((fieldPath) => ({
      fieldPath,
      setToServerValue: 'REQUEST_TIME',
    })),
  };
}

/** Deletes every account of the Auth emulator's project (its documented emulator-only endpoint). */
export async function clearAuthAccounts(authUrl: string, projectId: string): Promise<void> {
  await sendRequest(
    sendWithFetch,
    'DELETE',
    `${authUrl}/emulator/v1/projects/${projectId}/accounts`,
  );
}

/** Plain data in Firestore's REST encoding: whole numbers as integers, Dates as timestamps. */
export function toFields(data: object): Fields {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, toValue(value)]));
}

/** One plain value in Firestore's REST encoding, as toFields encodes each field. */
export function toValue(value: unknown): Value {
  if (value === null) return { nullValue: null };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') {
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  }
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toValue) } };
  if (typeof value === 'object') return { mapValue: { fields: toFields(value) } };
  throw new Error(`Cannot encode ${String(value)} as a Firestore value`);
}

function storedDocument(entry: unknown, key = 'document'): StoredDocument[] {
  if (typeof entry !== 'object' || entry === null || !(key in entry)) return [];
  const document: unknown = Reflect.get(entry, key);
  if (typeof document !== 'object' || document === null || !('name' in document)) return [];
  if (typeof document.name !== 'string') return [];
  // The emulator's own answer: fields, when present, are Firestore values.
  const fields: Fields = 'fields' in document ? Object(document.fields) : {};
  return [{ name: document.name, fields }];
}

async function sendRequest(
  send: Send,
  method: string,
  url: string,
  body?: unknown,
  token = 'owner',
): Promise<unknown> {
  const { status, text } = await send({
    method,
    url,
    headers: {
      // An empty token sends no credentials: an anonymous visitor.
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (status < 200 || status > 299) {
    // Google's emulator lists every rule it evaluated before the status: name the status first.
    throw new Error(
      `${method} ${url} answered ${status} ${errorStatus(text)}: ${text.slice(0, 500)}`,
    );
  }
  return text ? JSON.parse(text) : null;
}

/** The google.rpc status of an error answer ('PERMISSION_DENIED'…), or '' when it has none. */
function errorStatus(text: string): string {
  try {
    const body: unknown = JSON.parse(text);
    const error: unknown =
      typeof body === 'object' && body !== null ? Reflect.get(body, 'error') : null;
    const status: unknown =
      typeof error === 'object' && error !== null ? Reflect.get(error, 'status') : null;
    return typeof status === 'string' ? status : '';
  } catch {
    return '';
  }
}
