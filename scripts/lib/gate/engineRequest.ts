/**
 * How the gate hands a request to Google's engine, so that every request it takes is answered:
 * by the engine, or by the gate in Firestore's error shape (UNAVAILABLE, DEADLINE_EXCEEDED).
 *
 * Kept-alive connections can be closed by the engine just as the gate sends on one (CI saw
 * `socket hang up` on a runQuery; our probe saw the engine keep idle connections for over 100 s,
 * so the reason is not only an idle timeout). Two cases, treated differently:
 * - A read is sent on a kept-alive connection, whose set-up would otherwise add to every query's
 *   time (the first page's, and so the first paint's, included). If that connection turns out to
 *   be closed before any answer, the read is sent once more on a fresh connection: repeating a
 *   read changes nothing, whatever the engine saw of the first one.
 * - Anything else (a commit, a write, beginTransaction, the emulator's own endpoints) goes on a
 *   fresh connection every time and is never sent twice. A fresh connection cannot have been
 *   closed while idle, so such a request never meets the race; and a failure on it is reported,
 *   not retried, because the engine may have taken a commit it could not answer. That costs a
 *   loopback connection per write (well under a millisecond), which the retry rule could not make
 *   safe: a reset after the bytes left the gate cannot tell us whether the engine read them.
 */
import {
  Agent,
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';
import { ApiError } from './errors';

export interface EngineRequest {
  method: string;
  /** The path and query as the client sent them. */
  path: string;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/** Firestore's read verbs of the documents root (a POST that changes nothing). */
const READ_VERBS = new Set([
  'runQuery',
  'runAggregationQuery',
  'batchGet',
  'listCollectionIds',
  'listDocuments',
]);
/** Connections the reads share; writes never take one (see above). */
const KEPT_ALIVE = new Agent({ keepAlive: true });
/**
 * What a socket the engine had already closed looks like to the sender: a reset, a write into a
 * closed pipe, or the socket closing before the answer's first byte (`socket hang up`).
 */
const CLOSED_UNDER_US = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** Whether sending `method path` twice is the same as sending it once. */
export function isRead(method: string, path: string): boolean {
  if (method === 'GET' || method === 'HEAD') return true;
  const verb = /:(\w+)$/.exec(path.split('?')[0])?.[1];
  return method === 'POST' && verb !== undefined && READ_VERBS.has(verb);
}

/**
 * The engine's answer, once its status and headers have arrived (its body is the caller's to
 * stream). Rejects with an ApiError: UNAVAILABLE when the engine cannot be reached, DEADLINE_EXCEEDED
 * when `signal` aborts first (the caller's deadline, or its client having gone away).
 */
export async function answerFromEngine(
  engine: URL,
  sent: EngineRequest,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  if (!isRead(sent.method, sent.path)) return send(engine, sent, null, signal);
  try {
    return await send(engine, sent, KEPT_ALIVE, signal);
  } catch (error) {
    if (!(error instanceof ClosedConnection)) throw error;
    return send(engine, sent, null, signal);
  }
}

/** A kept-alive connection that was closed before the engine answered on it. */
class ClosedConnection extends Error {
  override name = 'ClosedConnection';
}

/** One try. `agent` null: a connection of its own, closed after the answer. */
function send(
  engine: URL,
  sent: EngineRequest,
  agent: Agent | null,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const upstream: ClientRequest = httpRequest({
      host: engine.hostname,
      port: engine.port,
      agent: agent ?? false,
      method: sent.method,
      path: sent.path,
      headers: sent.headers,
    });
    const abort = () => {
      upstream.destroy();
      reject(new ApiError('DEADLINE_EXCEEDED', 'The Firestore emulator did not answer in time.'));
    };
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    upstream.once('response', (answer) => {
      signal.removeEventListener('abort', abort);
      // From here on the caller streams the answer; a deadline no longer applies to it.
      resolve(answer);
    });
    // on, not once: a socket error after the answer began must not become an uncaught one.
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      signal.removeEventListener('abort', abort);
      if (upstream.reusedSocket && CLOSED_UNDER_US.has(error.code ?? '')) {
        reject(new ClosedConnection(String(error)));
      } else {
        reject(new ApiError('UNAVAILABLE', `The Firestore emulator did not answer: ${error}`));
      }
    });
    upstream.end(sent.body);
  });
}
