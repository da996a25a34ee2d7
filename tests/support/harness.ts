/**
 * The rules tests' harness, on Google's Cloud Firestore emulator through the official
 * @firebase/rules-unit-testing library: the one engine Vitest's global setup starts for the whole
 * run (TEST_FIRESTORE_ENGINE_HOST, tests/support/globalSetup.ts), each test file in its own project
 * id with firestore.rules loaded into it (initializeTestEnvironment), seeding with the rules
 * disabled (withSecurityRulesDisabled) and clearFirestore between tests. Requests that the rules
 * judge go through the Lite SDK (REST, as the app writes: src/shared/store/firestoreWrites.ts)
 * signed in with mock (unsigned) ID tokens, as the library's own contexts do, or as plain REST on
 * the documented paths.
 */
import { readFileSync } from 'node:fs';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
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
import { ownerClient, toFields, type OwnerClient } from '../../scripts/lib/ownerClient';
import { TEST_FIRESTORE_ENGINE_HOST } from '../../scripts/lib/testPorts';
import { parseHostPort } from '../../scripts/lib/emulators';
import { saveRulesCoverage, saveRulesCoverageIfAny } from './rulesCoverage';
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

/** This repository's firestore.rules, as deployed: the source the engine compiles. */
export function firestoreRules(): string {
  return readFileSync('firestore.rules', 'utf8');
}

export interface HarnessOptions {
  /** The rules source to load into the project; firestore.rules when not given. */
  rules?: string;
}

export interface Harness {
  /** The official library's environment of this project (contexts, clearFirestore). */
  env: RulesTestEnvironment;
  projectId: string;
  /** Google's engine's origin, e.g. http://127.0.0.1:9181. */
  url: string;
  /** A Lite SDK client, signed out (null or nothing) or signed in as `persona`. */
  client(persona?: Persona | null, project?: string): Firestore;
  /** POST .../documents:{verb} (or a parent document's :runQuery) with an optional bearer token. */
  rest(
    verb: string,
    body: unknown,
    options?: { token?: string; parent?: string },
  ): Promise<RestResult>;
  /** The project as the owner (the emulator's `Bearer owner`): never subject to the rules. */
  owner: OwnerClient;
  /**
   * Writes a document from plain data with the rules disabled: one REST commit with the owner
   * credential, what the library's withSecurityRulesDisabled sends too, but without starting a
   * full (gRPC) SDK per call, which cost about half a second a seed. Whole numbers are stored as
   * integers, Dates as timestamps, as the SDK encodes them.
   */
  seed(path: string, data: Record<string, unknown>): Promise<void>;
  /** Deletes every document of this project (the library's clearFirestore). */
  clear(): Promise<void>;
  /** Full resource name of a document path such as 'posts/a'. */
  name(path: string): string;
  /**
   * Saves the engine's rules coverage report of this project (its :ruleCoverage.html) to
   * rulesCoveragePath(projectId) and returns that path; throws when the engine gives none.
   */
  saveRulesCoverage(): Promise<string>;
  /** Ends the file's session; with firestore.rules loaded, saves its coverage report first. */
  close(): Promise<void>;
}

export interface RestResult {
  status: number;
  json: unknown;
}

let appCounter = 0;

/**
 * The harness of one test file: `projectId` is the file's own (e.g. 'demo-rules-deals'), so files
 * run in parallel against the one engine without seeing each other's documents or rules.
 */
export async function startHarness(
  projectId: string,
  options: HarnessOptions = {},
): Promise<Harness> {
  const { host, port } = parseHostPort(TEST_FIRESTORE_ENGINE_HOST);
  const env = await initializeTestEnvironment({
    projectId,
    firestore: { host, port, rules: options.rules ?? firestoreRules() },
  });
  await env.clearFirestore();
  const url = `http://${host}:${port}`;
  const apps: FirebaseApp[] = [];
  const clients = new Map<string, Firestore>();
  const owner = ownerClient(url, projectId);
  return {
    env,
    projectId,
    url,
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
      connectFirestoreEmulator(db, host, port, persona ? { mockUserToken: persona } : {});
      clients.set(key, db);
      return db;
    },
    async rest(verb, body, restOptions = {}) {
      const parent = restOptions.parent ? `/${restOptions.parent}` : '';
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (restOptions.token) headers.authorization = `Bearer ${restOptions.token}`;
      const response = await fetch(`${url}/v1/${owner.root}${parent}:${verb}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers,
      });
      const text = await response.text();
      let json: unknown = text;
      try {
        json = JSON.parse(text);
      } catch {
        // Not JSON: keep the text.
      }
      return { status: response.status, json };
    },
    owner,
    seed: (path, data) =>
      owner.commit([{ update: { name: owner.name(path), fields: toFields(data) } }]),
    clear: () => env.clearFirestore(),
    name: owner.name,
    saveRulesCoverage: () => saveRulesCoverage(url, projectId),
    async close() {
      // A report of edited rules (options.rules) would not describe firestore.rules.
      if (options.rules === undefined) await saveRulesCoverageIfAny(url, projectId);
      await Promise.all(apps.map((app) => deleteApp(app)));
      await env.cleanup();
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

/**
 * A post as the administrator creates it (what the rules' isNewPost allows: no comments, its
 * summary of none), with `overrides`.
 */
export function newPost(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Striker signs a four-year deal',
    content: 'The club confirms the arrival of a new number nine.',
    imageUrl: '',
    link: '',
    comments: [],
    created: Date.now(),
    pinned: false,
    commentCount: 0,
    cardComments: [],
    ...overrides,
  };
}

/**
 * A post of the spec's shape, written before the comment summary existed (a "legacy" post, for
 * seeding): newPost without `commentCount` and `cardComments`, its comments a list.
 */
export function legacyPost(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return withoutKeys(newPost(overrides), 'commentCount', 'cardComments');
}

/** A copy of `data` without `keys`: a write that leaves those fields out. */
export function withoutKeys(
  data: Record<string, unknown>,
  ...keys: string[]
): Record<string, unknown> {
  const copy = { ...data };
  for (const key of keys) delete copy[key];
  return copy;
}

/** An ID token as the Auth emulator issues them (unsigned): for REST calls the SDK cannot make. */
export function unsignedToken(persona: Persona): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part(persona)}.`;
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
