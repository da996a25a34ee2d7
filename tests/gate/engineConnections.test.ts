/**
 * Every request the gate takes is answered, whatever the engine does with its connections: a
 * stand-in engine here closes idle kept-alive connections after a short time (as any HTTP server
 * may) and can reset, or never answer, chosen requests.
 *
 * The race: the engine closes a connection it thinks idle just as the gate sends on it, so the
 * request and the close cross on the wire and the request is never read. Real timing makes that
 * window microseconds wide; the stand-in widens it so the test is quick and sure: a request that
 * arrives on a connection idle for IDLE_CLOSE_MS or more is met by the close instead of an
 * answer. (The gate before this change answered 503 to 195–232 of the 1,000 in three runs.)
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGate, type Gate } from '../../scripts/lib/gate/server';
import { HOST } from '../../scripts/lib/testPorts';

const ROOT = '/v1/projects/demo-connections/databases/(default)/documents';
const QUERY = JSON.stringify({ structuredQuery: { from: [{ collectionId: 'x' }] } });
const COMMIT = JSON.stringify({ writes: [] });
/** The stand-in closes a connection idle this long (Node's server does it for keepAliveTimeout). */
const IDLE_CLOSE_MS = 20;
/**
 * The deadline of a second gate, for the tests of the deadline alone: every answer those tests
 * expect from it is the deadline's, or comes from a route with no deadline, so a busy machine
 * cannot turn one into a 504. The first gate has the real deadline (10 s).
 */
const SHORT_DEADLINE_MS = 300;

interface StandIn {
  server: Server;
  url: string;
  /** Requests that reached it whole, by path. */
  received: Map<string, number>;
  /** Requests whose body holds this word: their connection is reset. */
  resetWord: string;
  /** Requests whose body holds this word: never answered. */
  silentWord: string;
  /** The emulator's own endpoints are answered after this wait. */
  emulatorDelayMs: number;
  /** Requests met by the close of their idle connection (the race happened this often). */
  crossed: number;
}

async function startStandIn(): Promise<StandIn> {
  const standIn: StandIn = {
    server: createServer(),
    url: '',
    received: new Map(),
    resetWord: 'reset-me',
    silentWord: 'never-answer',
    emulatorDelayMs: 0,
    crossed: 0,
  };
  // Connections idle longer than this are closed by Node's own timer; shorter idles, below.
  standIn.server.keepAliveTimeout = IDLE_CLOSE_MS * 2;
  const lastActive = new WeakMap<Socket, number>();
  standIn.server.on('request', async (incoming: IncomingMessage, outgoing) => {
    const socket = incoming.socket;
    const answered = lastActive.get(socket); // a connection's idle time starts at its last answer
    if (answered !== undefined && Date.now() - answered >= IDLE_CLOSE_MS) {
      standIn.crossed += 1;
      return void socket.resetAndDestroy();
    }
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(Buffer.from(chunk));
    const body = Buffer.concat(chunks).toString();
    const path = incoming.url ?? '';
    standIn.received.set(path, (standIn.received.get(path) ?? 0) + 1);
    if (body.includes(standIn.resetWord)) return void incoming.socket.resetAndDestroy();
    if (body.includes(standIn.silentWord)) return;
    if (path.startsWith('/emulator/')) await sleep(standIn.emulatorDelayMs);
    // An explicit Connection header keeps Node from adding a Keep-Alive: timeout hint, which
    // Google's engine does not send either: the client cannot know when the connection will go.
    outgoing.once('finish', () => lastActive.set(socket, Date.now()));
    outgoing
      .writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' })
      .end('[]');
  });
  standIn.server.listen(0, HOST);
  await once(standIn.server, 'listening');
  standIn.url = `http://${HOST}:${(standIn.server.address() as AddressInfo).port}`; // listening on TCP
  return standIn;
}

let standIn: StandIn;
let gate: Gate;
let hurriedGate: Gate;
let dir: string;

beforeAll(async () => {
  standIn = await startStandIn();
  dir = mkdtempSync(join(tmpdir(), 'transfer-feed-connections-'));
  const indexesPath = join(dir, 'firestore.indexes.json');
  writeFileSync(indexesPath, JSON.stringify({ indexes: [] }));
  const options = { host: HOST, port: 0, engineUrl: standIn.url, indexesPath };
  gate = await startGate(options);
  hurriedGate = await startGate({ ...options, deadlineMs: SHORT_DEADLINE_MS });
});
afterEach(() => {
  standIn.received.clear();
  standIn.crossed = 0;
});
afterAll(async () => {
  await gate.close();
  await hurriedGate.close();
  standIn.server.closeAllConnections();
  standIn.server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function post(
  verb: string,
  body: string,
  through = gate,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${through.url}${ROOT}:${verb}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, json: await response.json() };
}

const firestoreError = (code: number, status: string) => ({
  error: { code, status, message: expect.any(String) },
});

describe('connections the engine closes', () => {
  it('answers all of 1,000 reads and commits sent around the moment idle connections close', async () => {
    // Four clients at once, each waiting about the engine's idle time before its next request:
    // many requests reach the gate just as the engine closes the connection they would take.
    const statuses: number[] = [];
    let sent = 0;
    const client = async (lane: number) => {
      for (let i = 0; i < 250; i++) {
        await sleep(IDLE_CLOSE_MS - 3 + ((i * 7 + lane) % 7));
        const verb = i % 2 === 0 ? 'runQuery' : 'commit';
        sent += 1;
        statuses.push((await post(verb, verb === 'commit' ? COMMIT : QUERY)).status);
      }
    };
    await Promise.all([0, 1, 2, 3].map(client));
    expect(sent).toBe(1000);
    expect(standIn.crossed, 'requests that met a closing connection').toBeGreaterThan(50);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // Each commit reached the engine exactly once: none was sent again.
    expect(standIn.received.get(`${ROOT}:commit`)).toBe(500);
  }, 60_000);

  it('reports a read as UNAVAILABLE when a fresh connection fails too', async () => {
    const answer = await post('runQuery', JSON.stringify({ note: standIn.resetWord }));
    expect(answer.status).toBe(503);
    expect(answer.json).toMatchObject(firestoreError(503, 'UNAVAILABLE'));
  });

  it('never sends a commit twice: a reset commit is reported, not repeated', async () => {
    const answer = await post('commit', JSON.stringify({ note: standIn.resetWord }));
    expect(answer.status).toBe(503);
    expect(answer.json).toMatchObject(firestoreError(503, 'UNAVAILABLE'));
    expect(standIn.received.get(`${ROOT}:commit`)).toBe(1);
  });
});

describe('no request waits for ever', () => {
  it('answers DEADLINE_EXCEEDED when the engine says nothing', async () => {
    for (const verb of ['runQuery', 'commit']) {
      const answer = await post(verb, JSON.stringify({ note: standIn.silentWord }), hurriedGate);
      expect(answer.status, verb).toBe(504);
      expect(answer.json, verb).toMatchObject(firestoreError(504, 'DEADLINE_EXCEEDED'));
    }
  });

  it('answers DEADLINE_EXCEEDED when a body never arrives whole', async () => {
    const answer = await new Promise<{ status: number; json: unknown }>((resolve, reject) => {
      const partial = request(`${hurriedGate.url}${ROOT}:runQuery`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '1000' },
      });
      partial.on('error', reject);
      partial.on('response', async (response) => {
        const chunks: Buffer[] = [];
        for await (const chunk of response) chunks.push(Buffer.from(chunk));
        resolve({
          status: response.statusCode ?? 0,
          json: JSON.parse(Buffer.concat(chunks).toString()),
        });
        partial.destroy();
      });
      partial.write('{"structuredQuery": ');
    });
    expect(answer.status).toBe(504);
    expect(answer.json).toMatchObject(firestoreError(504, 'DEADLINE_EXCEEDED'));
  });

  it("waits for the emulator's own endpoints past the deadline (clearing a store takes time)", async () => {
    standIn.emulatorDelayMs = SHORT_DEADLINE_MS * 2;
    try {
      const response = await fetch(
        `${hurriedGate.url}/emulator/v1/projects/demo-connections/databases/(default)/documents`,
        { method: 'DELETE' },
      );
      expect(response.status).toBe(200);
    } finally {
      standIn.emulatorDelayMs = 0;
    }
  });
});
