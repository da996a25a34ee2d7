/**
 * The gate: a small HTTP server in front of Google's Firestore emulator, at the address the app
 * and the tests use. It adds the two things Google's emulator lacks and passes everything else
 * through unchanged, streaming:
 * - a runQuery / runAggregationQuery that needs a composite index missing from
 *   firestore.indexes.json is refused as production refuses it (FAILED_PRECONDITION; the
 *   emulator serves any query, so a missing index would otherwise show only in production);
 * - browsers are answered only from loopback origins (cors.ts);
 * - answers are gzipped for a client that accepts it, as Firestore's front end does
 *   (compression.ts).
 * Nothing of Firestore is implemented here: rules, documents and queries are the engine's.
 */
import { statSync, readFileSync } from 'node:fs';
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { pipeline } from 'node:stream';
import { gzipStream, gzippedHeaders } from './compression';
import {
  allowedOriginHeaders,
  isLoopbackOrigin,
  preflightHeaders,
  refusal,
  withoutCorsHeaders,
} from './cors';
import { ApiError } from './errors';
import { parseIndexConfig } from './indexConfig';
import { DeclaredIndexes } from './indexes';
import { queryShapeOf } from './queryShape';

export interface GateOptions {
  host: string;
  /** 0 for a free one. */
  port: number;
  /** Google's emulator, e.g. http://127.0.0.1:8181. */
  engineUrl: string;
  /** firestore.indexes.json; read again whenever it changes. */
  indexesPath: string;
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
 * Connections to the engine are kept open between requests: a new one for each would add its
 * set-up to every query's time, which the first page's (and so the first paint's) path includes.
 */
const ENGINE_AGENT = new Agent({ keepAlive: true });
/** matches Firestore: a request is at most 10 MiB. A larger body is the engine's to refuse. */
const MAX_CHECKED_BODY = 10 * 1024 * 1024;

export async function startGate(options: GateOptions): Promise<Gate> {
  const indexes = indexFile(options.indexesPath);
  indexes(); // a broken file stops the start, naming the entry at fault
  const engine = new URL(options.engineUrl);
  const server = createServer((request, response) => {
    handle(request, response, engine, indexes).catch((error: unknown) => {
      console.error(`[gate] ${request.method} ${request.url}: ${String(error)}`);
      if (!response.headersSent)
        sendError(response, new ApiError('UNAVAILABLE', String(error)), {});
      else response.destroy();
    });
  });
  // A client that goes away mid-request must never end the process.
  server.on('clientError', (_error, socket) => socket.destroy());
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
): Promise<void> {
  const origin = request.headers.origin;
  if (origin !== undefined && !isLoopbackOrigin(origin)) {
    request.resume();
    return sendError(response, refusal(origin), { vary: 'Origin' });
  }
  const cors = origin === undefined ? {} : allowedOriginHeaders(origin);
  if (request.method === 'OPTIONS' && origin !== undefined) {
    response.writeHead(204, preflightHeaders(origin, request.headers)).end();
    return;
  }
  const route = request.method === 'POST' ? QUERY_ROUTE.exec(pathOf(request)) : null;
  if (!route) return forward(request, response, engine, cors, null);
  const body = await readBody(request);
  if (body.length <= MAX_CHECKED_BODY) {
    const query = queryShapeOf(parseJson(body));
    const [, project, database] = route;
    try {
      if (query) indexes().check(query, decodeURIComponent(project), decodeURIComponent(database));
    } catch (error) {
      if (error instanceof ApiError) return sendError(response, error, cors);
      throw error;
    }
  }
  return forward(request, response, engine, cors, body);
}

/**
 * The request as it came (its body streamed, or the one already read), the answer streamed back.
 */
function forward(
  request: IncomingMessage,
  response: ServerResponse,
  engine: URL,
  cors: OutgoingHttpHeaders,
  body: Buffer | null,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const upstream = httpRequest(
      {
        host: engine.hostname,
        port: engine.port,
        agent: ENGINE_AGENT,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: engine.host },
      },
      (answer) => {
        const headers = { ...withoutCorsHeaders(answer.headers), ...cors };
        const gzipped = gzippedHeaders(request, answer, headers);
        response.writeHead(answer.statusCode ?? 502, gzipped ?? headers);
        // A premature close is the browser going away (or the engine cutting its answer, which
        // the client sees cut): nothing is left to answer.
        const done = (error: NodeJS.ErrnoException | null) =>
          error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE' ? reject(error) : resolve();
        if (gzipped) pipeline(answer, gzipStream(), response, done);
        else pipeline(answer, response, done);
      },
    );
    upstream.once('error', reject);
    // The caller gave up: stop the engine's work on its behalf too.
    response.once('close', () => upstream.destroy());
    if (body) upstream.end(body);
    else request.pipe(upstream);
  });
}

function sendError(response: ServerResponse, error: ApiError, cors: OutgoingHttpHeaders): void {
  response
    .writeHead(error.httpStatus, { 'content-type': 'application/json; charset=utf-8', ...cors })
    .end(JSON.stringify(error.toJSON()));
}

function pathOf(request: IncomingMessage): string {
  return (request.url ?? '').split('?')[0];
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
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
