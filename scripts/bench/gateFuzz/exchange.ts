/**
 * One fuzz request over its own connection (node:http, so a Content-Length can say what it
 * likes and one spoiled connection never touches the next request), and what came of it.
 */
import { request, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { FuzzRequest } from './cases';

/** Who wrote an answer: the gate itself, or Google's engine behind it (passed through). */
export type Answerer = 'gate' | 'engine';

export type Outcome =
  | {
      kind: 'answered';
      ms: number;
      status: number;
      by: Answerer;
      errorShape: ErrorShape;
      /** An error answer's google.rpc status ('DEADLINE_EXCEEDED'…), when its body names one. */
      errorStatus: string | null;
    }
  | { kind: 'unanswered'; ms: number; headStatus: number | null }
  | { kind: 'dropped'; ms: number; reason: string; headStatus: number | null }
  | { kind: 'not-sent'; ms: number; reason: string };

/** Whether an answer's body is Firestore's JSON error shape; 'n/a' for a success or a HEAD. */
export type ErrorShape = 'n/a' | 'firestore' | 'other';

/** What is kept of an answer's body: enough for any error; more is read and dropped. */
const KEPT_BYTES = 64 * 1024;

export async function exchange(
  origin: { host: string; port: number },
  fuzz: FuzzRequest,
  limitMs: number,
): Promise<Outcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    let headStatus: number | null = null;
    let sent: ReturnType<typeof request> | undefined;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(limit);
      sent?.destroy();
      resolve(outcome);
    };
    const limit = setTimeout(() => settle({ kind: 'unanswered', ms: ms(), headStatus }), limitMs);
    try {
      sent = request({
        host: origin.host,
        port: origin.port,
        method: fuzz.method,
        path: fuzz.path,
        headers: withLength(fuzz),
        agent: false,
      });
    } catch (error) {
      // Node refuses some requests outright (a header it will not send): not the gate's doing.
      settle({ kind: 'not-sent', ms: ms(), reason: String(error) });
      return;
    }
    sent.on('error', (error: NodeJS.ErrnoException) =>
      settle({ kind: 'dropped', ms: ms(), reason: error.code ?? error.message, headStatus }),
    );
    sent.on('response', (answer) => {
      headStatus = answer.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let kept = 0;
      answer.on('data', (chunk: Buffer) => {
        if (kept < KEPT_BYTES) chunks.push(chunk);
        kept += chunk.length;
      });
      answer.on('end', () => {
        const status = answer.statusCode ?? 0;
        const body = Buffer.concat(chunks);
        const error: ErrorReading =
          fuzz.method === 'HEAD' || status < 400
            ? { shape: 'n/a', status: null }
            : readError(status, answer.headers, body);
        settle({
          kind: 'answered',
          ms: ms(),
          status,
          by: answeredBy(status, answer.headers),
          errorShape: error.shape,
          errorStatus: error.status,
        });
      });
      answer.on('error', (error: NodeJS.ErrnoException) =>
        settle({ kind: 'dropped', ms: ms(), reason: error.code ?? error.message, headStatus }),
      );
    });
    sent.end(fuzz.body);
  });
}

/** The request's headers with its Content-Length: the declared one, else the body's own. */
function withLength(fuzz: FuzzRequest): Record<string, string | string[]> {
  const headers = { ...fuzz.headers };
  const framed = 'content-length' in headers || 'transfer-encoding' in headers;
  if (fuzz.declaredLength !== undefined) headers['content-length'] = String(fuzz.declaredLength);
  else if (fuzz.body && !framed) headers['content-length'] = String(fuzz.body.length);
  return headers;
}

/**
 * The gate's own answers are written by its sendError (scripts/lib/gate/server.ts), typed
 * `application/json; charset=utf-8`, and its preflights (204 with Access-Control-Max-Age);
 * Google's engine types its JSON `application/json` and never answers 204.
 */
export function answeredBy(status: number, headers: IncomingHttpHeaders): Answerer {
  if (status === 204 && headers['access-control-max-age'] !== undefined) return 'gate';
  return /;\s*charset=utf-8/i.test(headers['content-type'] ?? '') ? 'gate' : 'engine';
}

interface ErrorReading {
  shape: ErrorShape;
  status: string | null;
}

/** Whether an error answer is Firestore's JSON error shape, and the status it names. */
export function readError(
  status: number,
  headers: IncomingHttpHeaders,
  body: Buffer,
): ErrorReading {
  let parsed: unknown;
  try {
    const text = headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
    parsed = JSON.parse(text.toString('utf8'));
  } catch {
    return { shape: 'other', status: null };
  }
  const error: unknown =
    typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'error') : null;
  const named: unknown =
    typeof error === 'object' && error !== null ? Reflect.get(error, 'status') : null;
  return {
    shape: isFirestoreError(parsed, status) ? 'firestore' : 'other',
    status: typeof named === 'string' ? named : null,
  };
}

/** Firestore's error shape: {error: {code, message, status}}, the code the HTTP status. */
export function isFirestoreError(body: unknown, status: number): boolean {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const { error } = body;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === status &&
    'message' in error &&
    typeof error.message === 'string' &&
    'status' in error &&
    typeof error.status === 'string'
  );
}
