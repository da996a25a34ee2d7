/**
 * The gate: a small HTTP server in front of Google's Firestore emulator, at the address the app
 * and the tests use. It adds what Google's emulator lacks and passes everything else through
 * unchanged, the answer streamed:
 * - a runQuery / runAggregationQuery that needs a composite index missing from
 *   firestore.indexes.json is refused as production refuses it (FAILED_PRECONDITION; the
 *   emulator serves any query, so a missing index would otherwise show only in production);
 * - browsers are answered only from loopback origins (cors.ts);
 * - answers are gzipped for a client that accepts it, as Firestore's front end does
 *   (compression.ts);
 * - every request is answered: a connection to the engine that closes under a read is replaced,
 *   and a request of Firestore's API that the engine leaves unanswered for `deadlineMs` gets
 *   DEADLINE_EXCEEDED, as production's front end ends a call at its deadline (engineRequest.ts).
 * Nothing of Firestore is implemented here: rules, documents and queries are the engine's.
 */
import { statSync, readFileSync } from 'node:fs';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { pipeline, type Duplex } from 'node:stream';
import { gzipStream, gzippedHeaders } from './compression';
import {
  allowedOriginHeaders,
  isLoopbackOrigin,
  preflightHeaders,
  refusal,
  withoutCorsHeaders,
} from './cors';
import { answerFromEngine } from './engineRequest';
import { ApiError, assertArgument } from './errors';
import { parseIndexConfig } from './indexConfig';
import { DeclaredIndexes } from './indexes';
import { queryShapeOf } from './queryShape';
import { readBody } from './requestBody';

export interface GateOptions {
  host: string;
  /** 0 for a free one. */
  port: number;
  /** Google's emulator, e.g. http://127.0.0.1:8181. */
  engineUrl: string;
  /** firestore.indexes.json; read again whenever it changes. */
  indexesPath: string;
  /** How long a request of Firestore's API may wait for the engine's answer; 10 s unless set. */
  deadlineMs?: number;
}

export interface Gate {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** A query's route: /v1/projects/{project}/databases/{database}/documents[/…]:{verb}. */
const QUERY_ROUTE =
  /^\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents(?:\/[^:]*)?:(runQuery|runAggregationQuery)$/;
/**
 * Long enough for the engine's slowest honest answer on a busy two-core machine (a 500-write
 * commit, a cold engine's first query: seconds), short enough that nothing waits for ever.
 */
const DEFAULT_DEADLINE_MS = 10_000;
/** The emulator's own endpoints (clearing, export, rules) may take long, and are not Firestore's. */
const EMULATOR_ROUTE = /^\/emulator\//;
/** Headers about the client's connection to the gate, not about the request (RFC 9110 §7.6.1). */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'upgrade',
  'expect',
];

export async function startGate(options: GateOptions): Promise<Gate> {
  const indexes = indexFile(options.indexesPath);
  indexes(); // a broken file stops the start, naming the entry at fault
  const engine = new URL(options.engineUrl);
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  /** Connections with an answer under way: a parse error there cannot be answered cleanly. */
  const answering = new WeakSet<Duplex>();
  const server = createServer((request, response) => {
    answering.add(request.socket);
    response.once('close', () => answering.delete(request.socket));
    handle(request, response, engine, indexes, deadlineMs).catch((error: unknown) =>
      answerFailure(request, response, error),
    );
  });
  // What Node cannot parse as HTTP (a 40 KB URL, two Content-Lengths, an unknown method) is
  // answered in Firestore's shape and the connection closed, rather than closed without a word; a
  // client that goes away mid-request must never end the process.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable || answering.has(socket)) {
      return void socket.destroy();
    }
    const refusal = new ApiError(
      'INVALID_ARGUMENT',
      `The request is not valid HTTP: ${error.code}`,
    );
    const body = JSON.stringify(refusal.toJSON());
    socket.end(
      `HTTP/1.1 ${refusal.httpStatus} Bad Request\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('The gate has no port.');
  return {
    url: `http://${options.host}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  engine: URL,
  indexes: () => DeclaredIndexes,
  deadlineMs: number,
): Promise<void> {
  const origin = request.headers.origin;
  if (origin !== undefined && !isLoopbackOrigin(origin)) {
    request.resume();
    return sendError(response, refusal(origin), { vary: 'Origin' });
  }
  const cors = corsOf(request);
  if (request.method === 'OPTIONS' && origin !== undefined) {
    response.writeHead(204, preflightHeaders(origin, request.headers)).end();
    return;
  }
  const deadline = deadlineOf(request, response, deadlineMs);
  try {
    assertArgument(isWellFormed(request.url ?? '/'), 'The request URL is not well formed.');
    const body = await readBody(request, deadline.signal);
    const route = request.method === 'POST' ? QUERY_ROUTE.exec(pathOf(request)) : null;
    const query = route ? queryShapeOf(parseJson(body)) : null;
    if (route && query) {
      const [, project, database] = route;
      indexes().check(query, decodeURIComponent(project), decodeURIComponent(database));
    }
    const answer = await answerFromEngine(
      engine,
      {
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        headers: engineHeaders(request.headers, body, engine),
        body,
      },
      deadline.signal,
    );
    deadline.clear(); // the answer has begun: streaming it has no deadline
    return await stream(request, response, answer, cors);
  } finally {
    deadline.clear();
  }
}

/**
 * A request that failed, answered in Firestore's error shape: the gate's refusals as they are,
 * anything unexpected as UNAVAILABLE. Failures of the engine's (and the unexpected) are logged.
 */
function answerFailure(request: IncomingMessage, response: ServerResponse, error: unknown): void {
  if (!response.socket || response.socket.destroyed) return; // the client has gone away
  const failure = error instanceof ApiError ? error : new ApiError('UNAVAILABLE', String(error));
  if (failure.status === 'UNAVAILABLE' || failure.status === 'DEADLINE_EXCEEDED') {
    console.error(`[gate] ${request.method} ${request.url}: ${failure.status}: ${failure.message}`);
  }
  if (response.headersSent) return void response.destroy(); // cut mid-answer: the client sees it
  if (!request.complete) response.setHeader('connection', 'close'); // its body is left unread
  sendError(response, failure, corsOf(request));
}

function corsOf(request: IncomingMessage): OutgoingHttpHeaders {
  const origin = request.headers.origin;
  return origin === undefined || !isLoopbackOrigin(origin) ? {} : allowedOriginHeaders(origin);
}

/**
 * Aborts when the request has waited `ms` for its answer (Firestore's API only), or when its
 * client has gone away (the engine's work on its behalf stops too). `clear` once it is answered.
 */
function deadlineOf(
  request: IncomingMessage,
  response: ServerResponse,
  ms: number,
): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = EMULATOR_ROUTE.test(pathOf(request)) ? undefined : setTimeout(abort, ms);
  response.once('close', abort);
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      response.off('close', abort);
    },
  };
}

/**
 * The client's headers as the engine gets them: for the body as read (decoded, so no
 * content-encoding), on the gate's connection.
 */
function engineHeaders(
  headers: IncomingHttpHeaders,
  body: Buffer,
  engine: URL,
): OutgoingHttpHeaders {
  const sent: OutgoingHttpHeaders = { ...headers, host: engine.host };
  for (const name of HOP_BY_HOP) delete sent[name];
  delete sent['content-encoding'];
  if (body.length > 0 || headers['content-length'] !== undefined) {
    sent['content-length'] = body.length;
  }
  return sent;
}

/** The engine's answer streamed back, gzipped when the client accepts it. */
function stream(
  request: IncomingMessage,
  response: ServerResponse,
  answer: IncomingMessage,
  cors: OutgoingHttpHeaders,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const headers = { ...withoutCorsHeaders(answer.headers), ...cors };
    const gzipped = gzippedHeaders(request, answer, headers);
    response.writeHead(answer.statusCode ?? 502, gzipped ?? headers);
    // A premature close is the browser going away (or the engine cutting its answer, which the
    // client sees cut): nothing is left to answer.
    const done = (error: NodeJS.ErrnoException | null) =>
      error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE' ? reject(error) : resolve();
    if (gzipped) pipeline(answer, gzipStream(), response, done);
    else pipeline(answer, response, done);
  });
}

function sendError(response: ServerResponse, error: ApiError, cors: OutgoingHttpHeaders): void {
  response
    .writeHead(error.httpStatus, { 'content-type': 'application/json; charset=utf-8', ...cors })
    .end(JSON.stringify(error.toJSON()));
}

/**
 * Whether every %-escape of `url` is one: Google's engine leaves a request with a broken one (`%ZZ`)
 * unanswered.
 */
function isWellFormed(url: string): boolean {
  try {
    decodeURI(url);
    return true;
  } catch {
    return false;
  }
}

function pathOf(request: IncomingMessage): string {
  return (request.url ?? '').split('?')[0];
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null; // the engine answers malformed JSON in its own words
  }
}

/** The declared indexes, read again when the file changes (a developer adding one in dev). */
function indexFile(path: string): () => DeclaredIndexes {
  let cached: { mtimeMs: number; indexes: DeclaredIndexes } | null = null;
  return () => {
    const { mtimeMs } = statSync(path);
    if (cached?.mtimeMs !== mtimeMs) {
      const config = parseIndexConfig(readFileSync(path, 'utf8'), path);
      cached = { mtimeMs, indexes: new DeclaredIndexes(config) };
    }
    return cached.indexes;
  };
}
