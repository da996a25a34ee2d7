/**
 * An in-process emulator enforcing firestore.rules, one Lite SDK client per persona, and
 * seeding through REST as the rules-bypassing owner (`Authorization: Bearer owner`, as in the
 * official emulator).
 */
import { readFileSync } from 'node:fs';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  getFirestore,
  setLogLevel,
  type Firestore,
} from 'firebase/firestore/lite';
import { expect } from 'vitest';
import { compileRules } from '../../emulator/rules/index';
import { startFirestoreEmulator, type RunningEmulator } from '../../emulator/server';
import type { Fields, Value } from '../../emulator/model';

// Denials are expected here; the SDK would log each one.
setLogLevel('silent');

/** A type alias, not an interface: the SDK's token options need an implicit index signature. */
export type Persona = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  /** The token's sign-in provider; the SDK's mock token says 'custom' when this is absent. */
  firebase?: { sign_in_provider: SignInProvider };
};
type SignInProvider = 'google.com' | 'password' | 'anonymous' | 'custom' | 'phone';

/** A verified Google account, as the product's only sign-in gives. */
export function googleUser(sub: string, email: string): Persona & { email: string } {
  return { sub, email, email_verified: true, firebase: { sign_in_provider: 'google.com' } };
}

export interface RulesHarness {
  emulator: RunningEmulator;
  /** A client signed in as `persona` with a mock (unsigned) ID token; null = signed out. */
  client(persona: Persona | null): Firestore;
  seed(path: string, data: Record<string, unknown>): Promise<void>;
  /** A document as stored, read over REST as the owner (null when missing). */
  ownerGet(path: string): Promise<{ fields?: Fields } | null>;
  /** runQuery over REST with no credentials: for what the Lite SDK cannot send (offset). */
  anonymousQuery(structuredQuery: unknown): Promise<Response>;
  clear(): Promise<void>;
  close(): Promise<void>;
}

let counter = 0;

export async function startRulesHarness(
  projectId: string,
  rulesSource = readFileSync('firestore.rules', 'utf8'),
): Promise<RulesHarness> {
  const emulator = await startFirestoreEmulator({
    port: 0,
    rules: compileRules(rulesSource),
    log: () => {},
  });
  const apps: FirebaseApp[] = [];
  const root = `projects/${projectId}/databases/(default)/documents`;
  const clients = new Map<string, Firestore>();

  async function call(method: string, path: string, body?: unknown): Promise<void> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  }

  return {
    emulator,
    client(persona) {
      const key = JSON.stringify(persona);
      const existing = clients.get(key);
      if (existing) return existing;
      const app = initializeApp({ projectId, apiKey: 'fake-api-key' }, `rules-${counter++}`);
      apps.push(app);
      const db = getFirestore(app);
      connectFirestoreEmulator(
        db,
        emulator.host,
        emulator.port,
        persona ? { mockUserToken: persona } : {},
      );
      clients.set(key, db);
      return db;
    },
    seed: (path, data) =>
      call('POST', `/v1/${root}:commit`, {
        writes: [{ update: { name: `${root}/${path}`, fields: toFields(data) } }],
      }),
    async ownerGet(path) {
      const response = await fetch(`${emulator.url}/v1/${root}:batchGet`, {
        method: 'POST',
        headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
        body: JSON.stringify({ documents: [`${root}/${path}`] }),
      });
      const [result] = (await response.json()) as { found?: { fields?: Fields } }[]; // batchGet's shape
      return result.found ?? null;
    },
    anonymousQuery: (structuredQuery) =>
      fetch(`${emulator.url}/v1/${root}:runQuery`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ structuredQuery }),
      }),
    clear: () => call('DELETE', `/emulator/v1/projects/${projectId}/databases/(default)/documents`),
    async close() {
      await Promise.all(apps.map((app) => deleteApp(app)));
      await emulator.close();
    },
  };
}

function toFields(data: Record<string, unknown>): Fields {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, toValue(value)]));
}

function toValue(value: unknown): Value {
  if (value === null) return { nullValue: null };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') {
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  }
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toValue) } };
  if (typeof value === 'object') {
    return { mapValue: { fields: toFields(value as Record<string, unknown>) } }; // plain object
  }
  throw new Error(`Cannot seed ${String(value)}`);
}

/** Asserts the write or read went through. */
export async function expectAllowed(operation: Promise<unknown>): Promise<void> {
  const error = await operation.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, 'expected the request to be allowed').toBeNull();
}

/** Asserts the SDK reports FirestoreError code 'permission-denied'. */
export async function expectDenied(operation: Promise<unknown>): Promise<void> {
  const error = await operation.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, 'expected permission-denied, but the request was allowed').not.toBeNull();
  // Compared by code: the SDK's error may come from another copy of the class (ESM vs CJS).
  expect(error).toMatchObject({ name: 'FirebaseError', code: 'permission-denied' });
}
