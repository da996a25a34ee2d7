/**
 * Test harness: an in-process emulator per test file, Lite SDK clients pointed at it, and plain
 * REST calls on the documented paths, so the same tests would run against the official emulator.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  getFirestore,
  setLogLevel,
  type Firestore,
} from 'firebase/firestore/lite';
import {
  startFirestoreEmulator,
  type EmulatorOptions,
  type RunningEmulator,
} from '../../emulator/server';

let appCounter = 0;
// Expected failures (denials, preconditions) would otherwise each print an SDK warning.
setLogLevel('silent');

export interface Harness {
  emulator: RunningEmulator;
  projectId: string;
  /** A Lite SDK client, signed out, or signed in as `user` through a mock (alg none) ID token. */
  client(
    user?: { sub: string; email?: string; email_verified?: boolean } | null,
    project?: string,
  ): Firestore;
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
  clear(): Promise<void>;
  /** Full resource name of a document path such as 'posts/a'. */
  name(path: string): string;
  close(): Promise<void>;
}

export interface RestResult {
  status: number;
  json: unknown;
}

export async function startHarness(
  projectId: string,
  options: EmulatorOptions = {},
): Promise<Harness> {
  const emulator = await startFirestoreEmulator({ port: 0, log: () => {}, ...options });
  const apps: FirebaseApp[] = [];
  const root = `projects/${projectId}/databases/(default)/documents`;
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
    client(user, project = projectId) {
      const app = initializeApp(
        { projectId: project, apiKey: 'fake-api-key' },
        `emulator-test-${appCounter++}`,
      );
      apps.push(app);
      const db = getFirestore(app);
      connectFirestoreEmulator(
        db,
        emulator.host,
        emulator.port,
        user ? { mockUserToken: user } : {},
      );
      return db;
    },
    rest(verb, body, options = {}) {
      const parent = options.parent ? `/${options.parent}` : '';
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      return raw('POST', `/v1/${root}${parent}:${verb}`, { body: JSON.stringify(body), headers });
    },
    raw,
    async clear() {
      const result = await raw(
        'DELETE',
        `/emulator/v1/projects/${projectId}/databases/(default)/documents`,
      );
      if (result.status !== 200) throw new Error(`clear failed: ${JSON.stringify(result.json)}`);
    },
    name: (path) => `${root}/${path}`,
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
