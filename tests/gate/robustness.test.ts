/**
 * Whatever a client sends, the gate answers in Firestore's JSON error shape and keeps serving:
 * what it cannot read it passes to Google's emulator, which answers in its own words, and an
 * engine that has gone away is reported as UNAVAILABLE rather than a dropped connection.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGate } from '../../scripts/lib/gate/server';
import { INDEXES_PATH } from '../../scripts/lib/emulators';
import { freePort } from '../../scripts/lib/processes';
import { HOST } from '../../scripts/lib/testPorts';
import { startGateWith, type GateHarness } from './gateHarness';

const PROJECT = 'demo-gate-robustness';
const RUN_QUERY = `/v1/projects/${PROJECT}/databases/(default)/documents:runQuery`;

let h: GateHarness;
beforeAll(async () => {
  h = await startGateWith(PROJECT);
});
afterAll(() => h.close());

/** Firestore's error shape: {error: {code, message, status}}. */
const firestoreError = (code: number, status?: string) => ({
  error: { code, message: expect.any(String), ...(status ? { status } : {}) },
});

async function stillServes(): Promise<void> {
  const answer = await h.rest('runQuery', { structuredQuery: { from: [{ collectionId: 'x' }] } });
  expect(answer.status).toBe(200);
}

describe('a runQuery the gate cannot read goes to the engine, which refuses it', () => {
  it.each([
    ['text that is not JSON', '{"structuredQuery": '],
    ['a from that is not a list', JSON.stringify({ structuredQuery: { from: 'x' } })],
    [
      'a field path that is not one',
      JSON.stringify({
        structuredQuery: {
          from: [{ collectionId: 'x' }],
          orderBy: [{ field: { fieldPath: 'a..b' } }],
        },
      }),
    ],
    [
      'filters nested 5,000 deep',
      // Built as text: JSON.stringify itself would overflow the stack on it.
      `{"structuredQuery": {"from": [{"collectionId": "x"}], "where": ${'{"compositeFilter": {"op": "AND", "filters": ['.repeat(5000)}{"unaryFilter": {"op": "IS_NULL", "field": {"fieldPath": "a"}}}${']}}'.repeat(5000)}}}`,
    ],
  ])('%s', async (_name, body) => {
    const answer = await h.raw('POST', RUN_QUERY, {
      body,
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject(firestoreError(400));
    await stillServes();
  });
});

describe('connections that go wrong', () => {
  it('keeps serving after a client leaves in the middle of its body', async () => {
    await new Promise<void>((resolve) => {
      const half = request(`${h.gate.url}${RUN_QUERY}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '1000' },
      });
      half.on('error', () => resolve());
      half.write('{"structuredQuery": {"from": [');
      setImmediate(() => {
        half.destroy();
        resolve();
      });
    });
    await stillServes();
  });

  it("answers UNAVAILABLE in Firestore's shape when the engine is not there", async () => {
    const nowhere = `http://${HOST}:${await freePort()}`;
    const gate = await startGate({
      host: HOST,
      port: 0,
      engineUrl: nowhere,
      indexesPath: INDEXES_PATH,
    });
    try {
      for (const path of [RUN_QUERY, `/v1/projects/${PROJECT}/databases/(default)/documents/a/b`]) {
        const response = await fetch(`${gate.url}${path}`, {
          method: path === RUN_QUERY ? 'POST' : 'GET',
          body: path === RUN_QUERY ? '{}' : undefined,
        });
        expect(response.status, path).toBe(503);
        expect(await response.json()).toMatchObject(firestoreError(503, 'UNAVAILABLE'));
      }
    } finally {
      await gate.close();
    }
  });

  it('refuses to start on an index file with a mistake, naming the entry', async () => {
    const broken = await startGateWith(PROJECT, { indexes: [{ collectionGroup: 'x' }] }).then(
      async (started) => {
        await started.close();
        return null;
      },
      (error: unknown) => error,
    );
    expect(String(broken)).toMatch(/firestore\.indexes\.json: .*indexes\[0\]/);
  });
});

describe('bodies and requests the engine would leave unanswered', () => {
  const json = { 'content-type': 'application/json', authorization: 'Bearer owner' };
  /** Needs a composite index (an equality and an order on another field), which this gate lacks. */
  const needsIndex = JSON.stringify({
    structuredQuery: {
      from: [{ collectionId: 'x' }],
      where: {
        fieldFilter: { field: { fieldPath: 'a' }, op: 'EQUAL', value: { integerValue: 1 } },
      },
      orderBy: [{ field: { fieldPath: 'b' }, direction: 'DESCENDING' }],
    },
  });
  const gzipped = (text: string) => new Uint8Array(gzipSync(text));

  it('reads a gzipped query as the engine does: checked for its index, then answered', async () => {
    const refused = await fetch(`${h.gate.url}${RUN_QUERY}`, {
      method: 'POST',
      headers: { ...json, 'content-encoding': 'gzip' },
      body: gzipped(needsIndex),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject(firestoreError(400, 'FAILED_PRECONDITION'));
    const served = await fetch(`${h.gate.url}${RUN_QUERY}`, {
      method: 'POST',
      headers: { ...json, 'content-encoding': 'gzip' },
      body: gzipped(JSON.stringify({ structuredQuery: { from: [{ collectionId: 'x' }] } })),
    });
    expect(served.status).toBe(200);
  });

  it.each([
    ['a body that says gzip and is not', { 'content-encoding': 'gzip' }, RUN_QUERY],
    ['an encoding nobody decodes', { 'content-encoding': 'br' }, RUN_QUERY],
    [
      'a broken %-escape in the path',
      {},
      `/v1/projects/${PROJECT}/databases/(default)/documents/a%ZZ`,
    ],
  ])('refuses %s at once with INVALID_ARGUMENT', async (_name, headers, path) => {
    const answer = await h.raw('POST', path, {
      body: '{"structuredQuery": {}}',
      headers: { ...json, ...headers },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject(firestoreError(400, 'INVALID_ARGUMENT'));
    await stillServes();
  });

  it("answers what is not HTTP in Firestore's shape instead of closing without a word", async () => {
    const { port } = new URL(h.gate.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), HOST);
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.write(
        `POST ${RUN_QUERY} HTTP/1.1\r\nhost: x\r\ncontent-length: 2\r\ncontent-length: 3\r\n\r\n{}`,
      );
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject(
      firestoreError(400, 'INVALID_ARGUMENT'),
    );
    await stillServes();
  });

  it('leaves a query of 2^20 disjunctions to the engine, which refuses it, rather than expanding it', async () => {
    const either = (path: string) => ({
      compositeFilter: {
        op: 'OR',
        filters: [0, 1].map((n) => ({
          fieldFilter: { field: { fieldPath: path }, op: 'EQUAL', value: { integerValue: n } },
        })),
      },
    });
    const answer = await h.rest('runQuery', {
      structuredQuery: {
        from: [{ collectionId: 'x' }],
        where: {
          compositeFilter: {
            op: 'AND',
            filters: Array.from({ length: 20 }, (_, n) => either(`f${n}`)),
          },
        },
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject(firestoreError(400, 'INVALID_ARGUMENT'));
    await stillServes();
  });
});
