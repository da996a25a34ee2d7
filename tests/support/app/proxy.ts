import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { TEST_FIRESTORE_HOST } from '../../../scripts/lib/testPorts';

/**
 * A tiny HTTP server in front of the Firestore test emulator, so a test can make the backend
 * fail (answer 503/403) or hold a request, the way a real outage or a slow network would. The app
 * reaches it only through its configuration (VITE_FIRESTORE_EMULATOR_HOST).
 */
export interface FirestoreProxy {
  host: string;
  /**
   * The next `count` requests whose path or body contains `match` get `status` with a Firestore
   * error body.
   */
  fail: (match: string, status: number, count?: number) => void;
  /** The next request whose path or body contains `match` waits until release() is called. */
  hold: (match: string) => { arrived: Promise<void>; release: () => void };
  /** Paths of the requests seen, in order. */
  seen: string[];
  /** The requests seen with their bodies (once each has fully arrived), in order of arrival. */
  requests: { path: string; body: string }[];
  close: () => Promise<void>;
}

const STATUS_NAMES: Record<number, string> = {
  403: 'PERMISSION_DENIED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** What a query for posts (a page of the feed) carries in its body, and no other request. */
export const POSTS_QUERY = '"collectionId":"posts"';
/**
 * In the body of a page of the feed alone, the first or a later one (pinned post first: postsQuery
 * FIRST_PAGE_QUERY), not of a deal's or a search's.
 */
export const PAGE_QUERY = '"orderBy":[{"field":{"fieldPath":"pinned"}';

export async function startFirestoreProxy(port: number): Promise<FirestoreProxy> {
  const [targetHost, targetPort] = TEST_FIRESTORE_HOST.split(':');
  const failures: { match: string; status: number; left: number }[] = [];
  const holds: { match: string; arrived: () => void; released: Promise<void> }[] = [];
  const seen: string[] = [];
  const requests: { path: string; body: string }[] = [];

  const server: Server = createServer((incoming: IncomingMessage, outgoing) => {
    const path = incoming.url ?? '/';
    seen.push(path);
    // The body is read whole (and recorded) first: a failure or a hold may be for what it asks.
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({ path, body: body.toString() });
      const matches = (match: string) => path.includes(match) || body.includes(match);
      const failure = failures.find((entry) => entry.left > 0 && matches(entry.match));
      if (failure) {
        failure.left -= 1;
        refuse(outgoing, failure.status);
        return;
      }
      const holdIndex = holds.findIndex((entry) => matches(entry.match));
      const held = holdIndex >= 0 ? holds.splice(holdIndex, 1)[0] : null;
      held?.arrived();
      const forward = () => forwardTo(targetHost, Number(targetPort), incoming, body, outgoing);
      if (held) void held.released.then(forward);
      else forward();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    host: `127.0.0.1:${port}`,
    seen,
    requests,
    fail(match, status, count = 1) {
      failures.push({ match, status, left: count });
    },
    hold(match) {
      let arrived = () => {};
      let release = () => {};
      const arrivedPromise = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.push({ match, arrived, released });
      return { arrived: arrivedPromise, release };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Answers as Firestore refuses: its JSON error shape with the given HTTP status. */
function refuse(outgoing: ServerResponse, status: number): void {
  outgoing.writeHead(status, { 'content-type': 'application/json' });
  outgoing.end(
    JSON.stringify({
      error: {
        code: status,
        message: 'Refused by the test proxy',
        status: STATUS_NAMES[status] ?? 'UNKNOWN',
      },
    }),
  );
}

/** Sends the request on to the emulator as it came, and its answer back. */
function forwardTo(
  host: string,
  port: number,
  incoming: IncomingMessage,
  body: Buffer,
  outgoing: ServerResponse,
): void {
  const upstream = request(
    { host, port, method: incoming.method, path: incoming.url ?? '/', headers: incoming.headers },
    (response) => {
      outgoing.writeHead(response.statusCode ?? 502, response.headers);
      response.pipe(outgoing);
    },
  );
  upstream.end(body);
}
