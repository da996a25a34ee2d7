/**
 * Firestore's front end gzips its answers for a client that accepts gzip (every browser does);
 * Google's emulator sends them as they are. The gate compresses them so the wire is production's:
 * the first page of 35 posts is 46 KB of JSON and 8 KB gzipped, and on a phone it shares the
 * link with the app's script before the first paint (`bench:web`'s LCP). Only the transfer
 * changes: the client decodes the same bytes the engine sent.
 */
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { constants, createGzip, type Gzip } from 'node:zlib';

/** Below this an answer goes as it is: gzip would save little and cost a little. */
const MIN_BYTES = 1024;
const TEXTUAL = /^(application\/(json|[\w.+-]+\+json)|text\/)/i;

/** Whether an Accept-Encoding header allows gzip (listed, or `*`, and not refused with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  let allowed = false;
  for (const item of (header ?? '').split(',')) {
    const [coding, ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const refused = q !== undefined && Number(q.slice(2)) === 0;
    if (coding === 'gzip' || coding === 'x-gzip') return !refused;
    if (coding === '*') allowed = !refused;
  }
  return allowed;
}

/**
 * The headers of the engine's answer as the gate sends it gzipped, or null when it goes as it is:
 * the client does not accept gzip, the answer has no body, is small, binary or already encoded.
 */
export function gzippedHeaders(
  request: { method?: string; headers: IncomingHttpHeaders },
  answer: IncomingMessage,
  headers: OutgoingHttpHeaders,
): OutgoingHttpHeaders | null {
  const status = answer.statusCode ?? 0;
  const length = answer.headers['content-length'];
  if (
    request.method === 'HEAD' ||
    status === 204 ||
    status === 304 ||
    answer.headers['content-encoding'] !== undefined ||
    !TEXTUAL.test(answer.headers['content-type'] ?? '') ||
    (length !== undefined && Number(length) < MIN_BYTES) ||
    !acceptsGzip(request.headers['accept-encoding'])
  ) {
    return null;
  }
  // What the answer already varies on (the engine's, the gate's Origin) stays listed.
  const vary = [...[headers.vary ?? []].flat().map(String), 'Accept-Encoding'].join(', ');
  const gzipped: OutgoingHttpHeaders = { ...headers, 'content-encoding': 'gzip', vary };
  delete gzipped['content-length']; // the gzipped length is known only at the end
  return gzipped;
}

/**
 * A gzip stream that flushes each chunk the engine sends: a streamed answer (runQuery sends its
 * documents as it finds them) stays streamed.
 */
export function gzipStream(): Gzip {
  return createGzip({ flush: constants.Z_SYNC_FLUSH });
}
