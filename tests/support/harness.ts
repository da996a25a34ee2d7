/**
 * The in-process emulator harness of the emulator conformance tests and the rules matrix: this
 * project's Firestore emulator per test file, Lite SDK clients signed in through mock (unsigned)
 * ID tokens, plain REST calls on the documented paths (so the same tests would run against the
 * official emulator), and the owner's side door for seeding and reading as stored.
 */
import { readFileSync } from 'node:fs';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  doc,
  getFirestore,
  setLogLevel,
  writeBatch,
  type Firestore,
} from 'firebase/firestore/lite';
import { expect } from 'vitest';
import { compileRules, type RulesValidator } from '../../emulator/rules/index';
import {
  startFirestoreEmulator,
  type EmulatorOptions,
  type RunningEmulator,
} from '../../emulator/server';
import { ownerClient, toFields, type OwnerClient } from '../../scripts/lib/ownerClient';
import { isPost, stampChange } from './stampedWrites';

// Expected failures (denials, preconditions) would otherwise each print an SDK warning.
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

/** This repository's firestore.rules, compiled as the emulator enforces them. */
export function firestoreRules(): RulesValidator {
  return compileRules(readFileSync('firestore.rules', 'utf8'));
}

export interface Harness {
  emulator: RunningEmulator;
  projectId: string;
  /** A Lite SDK client, signed out (null or nothing) or signed in as `persona`. */
  client(persona?: Persona | null, project?: string): Firestore;
  /** POST .../documents:{verb} (or a parent document's :runQuery) with an optional bearer token. */
  rest(
    verb: string,
    body: unknown,
    options?: { token?: string; parent?: string },
  ): Promise<RestResult>;
  raw(
    method: string,
    path: string,
    init?: { body?: string; headers?: Record<string, string> },
  ): Promise<RestResult>;
  /** The project as the owner: never subject to the rules. */
  owner: OwnerClient;
  /** Writes a document from plain data (whole numbers as integers, Dates as timestamps). */
  seed(path: string, data: Record<string, unknown>): Promise<void>;
  clear(): Promise<void>;
  /** Full resource name of a document path such as 'posts/a'. */
  name(path: string): string;
  close(): Promise<void>;
}

export interface RestResult {
  status: number;
  json: unknown;
}

let appCounter = 0;

export async function startHarness(
  projectId: string,
  options: EmulatorOptions = {},
): Promise<Harness> {
  const emulator = await startFirestoreEmulator({ port: 0, log: () => {}, ...options });
  const apps: FirebaseApp[] = [];
  const clients = new Map<string, Firestore>();
  const owner = ownerClient(emulator.url, projectId);
  const raw: Harness['raw'] = async (method, path, init = {}) => {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      body: init.body,
      headers: init.headers,
    });
    const text = await response.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON (e.g. the health check's "Ok"): keep the text.
    }
    return { status: response.status, json };
  };
  return {
    emulator,
    projectId,
    client(persona = null, project = projectId) {
      const key = JSON.stringify([persona, project]);
      const existing = clients.get(key);
      if (existing) return existing;
      const app = initializeApp(
        { projectId: project, apiKey: 'fake-api-key' },
        `harness-${appCounter++}`,
      );
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
    rest(verb, body, restOptions = {}) {
      const parent = restOptions.parent ? `/${restOptions.parent}` : '';
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (restOptions.token) headers.authorization = `Bearer ${restOptions.token}`;
      return raw('POST', `/v1/${owner.root}${parent}:${verb}`, {
        body: JSON.stringify(body),
        headers,
      });
    },
    raw,
    owner,
    seed: (path, data) =>
      owner.commit([{ update: { name: owner.name(path), fields: toFields(data) } }]),
    clear: () => owner.clear(),
    name: owner.name,
    async close() {
      await Promise.all(apps.map((app) => deleteApp(app)));
      await emulator.close();
    },
  };
}

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejection(
  promise: Promise<unknown>,
): Promise<{ code?: unknown; message?: unknown }> {
  try {
    await promise;
  } catch (error) {
    return typeof error === 'object' && error !== null ? error : { message: String(error) };
  }
  throw new Error('Expected the promise to reject, but it resolved.');
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

/** A post as the administrator creates it (what the rules' isNewPost allows), with `overrides`. */
export function newPost(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Striker signs a four-year deal',
    content: 'The club confirms the arrival of a new number nine.',
    imageUrl: '',
    link: '',
    comments: [],
    created: Date.now(),
    ...overrides,
  };
}

/**
 * Sets each document (path → data) in one batch through the Lite SDK, as an app would: a post
 * with the stamp of its change (tests/support/stampedWrites.ts).
 */
export async function writeDocs(
  db: Firestore,
  docs: Record<string, Record<string, unknown>>,
): Promise<void> {
  const batch = writeBatch(db);
  for (const [path, data] of Object.entries(docs)) {
    const ref = doc(db, path);
    batch.set(ref, data);
    if (isPost(ref)) stampChange(db, batch, ref.id);
  }
  await batch.commit();
}
