/**
 * The Firestore emulator's HTTP server (node:http): routing, CORS, body limits, credentials, and
 * the one place where thrown errors become Google's JSON error shape. Bad input never ends the
 * process; an unexpected error is logged and answered 500 INTERNAL.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { callerFromHeader } from './auth';
import type { RequestContext } from './context';
import { CorsPolicy } from './cors';
import { exportData, importData } from './dataFiles';
import { closeDataDir, openDataDir, RequestGate } from './lifecycle';
import { ApiError, invalidArgument } from './errors';
import { assertJsonDepth, MAX_JSON_DEPTH } from './json';
import { batchGet } from './operations/batchGet';
import { clearDatabase } from './operations/clear';
import { commit } from './operations/commit';
import { getDocument } from './operations/getDocument';
import { runAggregationQuery } from './operations/runAggregationQuery';
import { runQuery } from './operations/runQuery';
import { parseAndCompileRules } from './operations/securityRules';
import { route, type Route } from './routes';
import type { DeclaredIndexes } from './query/indexes';
import type { RulesValidator } from './rules/validator';
import { EmulatorState } from './state';

/** Below this a response goes as it is: gzip would save little and cost a little. */
const GZIP_MIN_BYTES = 1024;

/** Whether an Accept-Encoding header allows gzip (and does not refuse it with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

export interface EmulatorOptions {
  host?: string;
  /** 0 = any free port. */
  port?: number;
  rules?: RulesValidator | null;
  log?: (line: string) => void;
  /** Browser origins answered besides the loopback ones (cors.ts), e.g. 'https://app.example.com'. */
  allowOrigins?: readonly string[];
  /** Loaded before the port opens; read only. */
  importDir?: string;
  /**
   * Loaded before the port opens (export, then journal); every commit is journaled there before
   * it is answered, and close() compacts the journal into the export.
   */
  dataDir?: string;
  /** With dataDir: answer commits only once fdatasync is done (see JournalOptions). */
  journalWaitsForDisk?: boolean;
  /** A query these cannot serve is refused as production refuses it; null or absent: not checked. */
  indexes?: DeclaredIndexes | null;
}

export interface RunningEmulator {
  host: string;
  port: number;
  url: string;
  setRules(rules: RulesValidator | null): void;
  exportData(dir: string): Promise<void>;
  importData(dir: string): Promise<void>;
  /** Refuses new requests, finishes those in flight, then writes the data directory's export. */
  close(): Promise<void>;
}

/** matches Google's front ends: request bodies over 10 MiB are refused. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export async function startFirestoreEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((line: string) => console.error(line));
  const state = new EmulatorState();
  let rules = options.rules ?? null;
  const cors = new CorsPolicy(options.allowOrigins);
  if (options.importDir) await importData(state, options.importDir);
  const data = options.dataDir
    ? await openDataDir(state, options.dataDir, {
        waitForDisk: options.journalWaitsForDisk ?? false,
      })
    : null;
  const gate = new RequestGate();

  const server = createServer((req, res) => {
    if (!gate.admit(res)) {
      req.resume();
      return;
    }
    handle(req, res).catch((error: unknown) => {
      // Only a failure to write the response gets here; the request is already lost.
      log(`Firestore emulator: could not answer ${req.method} ${req.url}: ${String(error)}`);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const origin = req.headers.origin;
    res.setHeader('Vary', 'Origin, Accept-Encoding');
    // No Origin header: not a browser's cross-origin request (Node clients, the SDK in tests).
    if (origin !== undefined) {
      if (!cors.allows(origin)) {
        // Refused before anything runs: a simple POST (no preflight) must not write either.
        req.resume();
        const refusal = cors.refusal(origin);
        sendJson(req, res, refusal.httpStatus, JSON.stringify(refusal.toJSON()));
        return;
      }
      res.setHeader('Access-Control-Allow-Origin', origin);
    }
    if (req.method === 'OPTIONS') {
      // Preflight: allow whatever headers the browser asks for (the SDK sends x-goog-*, x-firebase-*).
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
      res.setHeader(
        'Access-Control-Allow-Headers',
        req.headers['access-control-request-headers'] ??
          'content-type, authorization, x-goog-api-client, google-cloud-resource-prefix, x-goog-request-params, x-firebase-gmpid',
      );
      res.setHeader('Access-Control-Max-Age', '3600');
      // Chrome asks before a page outside the loopback (an --allow-origin one) reaches it.
      if (req.headers['access-control-request-private-network'] === 'true')
        res.setHeader('Access-Control-Allow-Private-Network', 'true');
      res.writeHead(204).end();
      req.resume();
      return;
    }
    let status = 200;
    let payload: unknown;
    try {
      payload = await dispatch(req);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : internal(error);
      status = apiError.httpStatus;
      payload = apiError.toJSON();
    }
    if (typeof payload === 'string') {
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(payload);
      return;
    }
    sendJson(req, res, status, JSON.stringify(payload));
  }

  /** Gzipped when the client accepts it, as Firestore's front end does: a page of posts is 5× smaller. */
  function sendJson(req: IncomingMessage, res: ServerResponse, status: number, json: string): void {
    const headers = { 'Content-Type': 'application/json; charset=utf-8' };
    if (json.length < GZIP_MIN_BYTES || !acceptsGzip(req.headers['accept-encoding'])) {
      res.writeHead(status, headers).end(json);
      return;
    }
    res.writeHead(status, { ...headers, 'Content-Encoding': 'gzip' }).end(gzipSync(json));
  }

  async function dispatch(req: IncomingMessage): Promise<unknown> {
    // The query string (e.g. the SDK's ?key=...) plays no part in routing.
    const pathname = (req.url ?? '/').split('?')[0];
    let target: Route;
    try {
      target = route(req.method ?? 'GET', pathname);
    } catch (error) {
      req.resume();
      throw error;
    }
    const body = await readJson(req);
    if (target.kind === 'health') return 'Ok';
    if (target.kind === 'securityRules') {
      rules = parseAndCompileRules(body);
      log('Firestore emulator: security rules replaced through the REST endpoint.');
      return {};
    }
    if (target.kind === 'clear') return clearDatabase(state, target.db);
    const ctx: RequestContext = {
      db: target.db,
      caller: callerFromHeader(req.headers.authorization),
      rules,
      indexes: options.indexes ?? null,
    };
    if (target.kind === 'runQuery') return runQuery(state, { parent: target.parent, body }, ctx);
    if (target.kind === 'runAggregationQuery')
      return runAggregationQuery(state, { parent: target.parent, body }, ctx);
    if (target.kind === 'commit') return commit(state, body, ctx);
    if (target.kind === 'getDocument') {
      const url = req.url ?? '';
      const params = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
      return getDocument(state, { path: target.path, params }, ctx);
    }
    return batchGet(state, body, ctx);
  }

  function internal(error: unknown): ApiError {
    log(
      `Firestore emulator: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    const message = error instanceof Error ? error.message : String(error);
    return new ApiError('INTERNAL', `Internal error in the Firestore emulator: ${message}`);
  }

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 8080, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await data?.abandon();
    throw error;
  }
  server.on('error', (error) => log(`Firestore emulator: server error: ${String(error)}`));
  const port = (server.address() as AddressInfo).port; // listening on TCP, so address() is an AddressInfo
  let stopped: Promise<void> | null = null;
  return {
    host,
    port,
    url: `http://${host}:${port}`,
    setRules(next) {
      rules = next;
    },
    exportData: (dir) => exportData(state, dir),
    async importData(dir) {
      await importData(state, dir);
    },
    close: () => (stopped ??= stop()),
  };

  async function stop(): Promise<void> {
    const closed = new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
    });
    server.closeIdleConnections();
    await gate.close();
    server.closeAllConnections();
    await closed;
    if (data && options.dataDir) await closeDataDir(state, options.dataDir, data.journal);
  }
}

/** Reads the whole body (any content type: the Lite SDK posts JSON as text/plain) and parses it. */
function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit the rest is drained, not kept, so the client still reads the 413.
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('error', reject);
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) {
        reject(
          new ApiError(
            'INVALID_ARGUMENT',
            `Request payload size exceeds the limit: ${MAX_BODY_BYTES} bytes.`,
            413,
          ),
        );
        return;
      }
      const text =
        chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') {
        resolve({});
        return;
      }
      try {
        const parsed: unknown = JSON.parse(text);
        assertJsonDepth(parsed, MAX_JSON_DEPTH, 'The request body');
        resolve(parsed);
      } catch (error) {
        if (error instanceof ApiError) {
          reject(error);
          return;
        }
        reject(
          invalidArgument(
            `Invalid JSON payload received. ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
      }
    });
  });
}
