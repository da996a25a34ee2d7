/**
 * A gate of a test's own (with the index file it is given) in front of the run's one Google
 * emulator (tests/support/globalSetup.ts), so a test can declare exactly the indexes it needs.
 * Each file uses its own project id, so files running at once never see each other's data.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore/lite';
import { startGate, type Gate } from '../../scripts/lib/gate/server';
import { ownerClient, toFields, type OwnerClient } from '../../scripts/lib/ownerClient';
import { HOST, TEST_FIRESTORE_ENGINE_HOST } from '../../scripts/lib/testPorts';

export { rejection } from '../support/harness';

export const ENGINE_URL = `http://${TEST_FIRESTORE_ENGINE_HOST}`;

export interface RestResult {
  status: number;
  json: unknown;
  headers: Headers;
}

export interface GateHarness {
  gate: Gate;
  /** The project as the owner, through the gate. */
  owner: OwnerClient;
  /** POST .../documents:{verb} through the gate, as the owner unless `token` says otherwise. */
  rest(verb: string, body: unknown, token?: string): Promise<RestResult>;
  /** A request on any path of the gate. */
  raw(
    method: string,
    path: string,
    init?: { body?: string; headers?: Record<string, string> },
  ): Promise<RestResult>;
  /** Writes a document from plain data (whole numbers as integers, Dates as timestamps). */
  seed(path: string, data: Record<string, unknown>): Promise<void>;
  clear(): Promise<void>;
  /** A Lite SDK client through the gate, signed out. */
  client(): Firestore;
  close(): Promise<void>;
}

let apps = 0;

/** `indexes`: the index file's JSON (firestore.indexes.json's shape), or a path to one. */
export async function startGateWith(
  projectId: string,
  indexes: Record<string, unknown> | string = { indexes: [] },
  port = 0,
): Promise<GateHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'transfer-feed-gate-'));
  const indexesPath = typeof indexes === 'string' ? indexes : join(dir, 'firestore.indexes.json');
  if (typeof indexes !== 'string') writeFileSync(indexesPath, JSON.stringify(indexes));
  const gate = await startGate({ host: HOST, port, engineUrl: ENGINE_URL, indexesPath });
  const owner = ownerClient(gate.url, projectId);
  const app = initializeApp({ projectId, apiKey: 'fake-api-key' }, `gate-${apps++}`);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, HOST, gate.port);
  const raw: GateHarness['raw'] = async (method, path, init = {}) => {
    const response = await fetch(`${gate.url}${path}`, { method, ...init });
    const text = await response.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON (e.g. the health check's "Ok"): keep the text.
    }
    return { status: response.status, json, headers: response.headers };
  };
  return {
    gate,
    owner,
    rest: (verb, body, token = 'owner') =>
      raw('POST', `/v1/${owner.root}:${verb}`, {
        body: JSON.stringify(body),
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      }),
    raw,
    seed: (path, data) =>
      owner.commit([{ update: { name: owner.name(path), fields: toFields(data) } }]),
    clear: () => owner.clear(),
    client: () => db,
    async close() {
      await deleteApp(app);
      await gate.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
