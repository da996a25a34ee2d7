/**
 * A request's body as the gate reads it: whole (a read can then be sent again, engineRequest.ts),
 * bounded in size and time, and decompressed. Google's engine takes a gzipped body but answers
 * nothing at all to one that only says it is compressed (its decoder throws, the request is left
 * open: `bench:gate-fuzz` found it), and the index check must read the query inside.
 */
import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import { gunzip, inflate, type InputType, type ZlibOptions } from 'node:zlib';
import { ApiError } from './errors';

/** matches Firestore: a request is at most 10 MiB, and a larger one is refused whole. */
export const MAX_BODY = 10 * 1024 * 1024;

type Decoder = (input: InputType, options: ZlibOptions) => Promise<Buffer>;
const DECODERS: Record<string, Decoder> = {
  gzip: promisify(gunzip),
  'x-gzip': promisify(gunzip),
  deflate: promisify(inflate),
};

/**
 * The body, decoded (the engine is sent it as plain bytes: server.ts engineHeaders). Rejects with
 * INVALID_ARGUMENT when it is over MAX_BODY (before or after decoding) or cannot be decoded, and
 * with DEADLINE_EXCEEDED when `signal` aborts first (a client that declared more than it sends).
 */
export async function readBody(request: IncomingMessage, signal: AbortSignal): Promise<Buffer> {
  const raw = await readRaw(request, signal);
  const encoding = (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' || raw.length === 0) return raw;
  const decode = DECODERS[encoding];
  if (!decode) throw new ApiError('INVALID_ARGUMENT', `Unsupported content-encoding: ${encoding}.`);
  try {
    return await decode(raw, { maxOutputLength: MAX_BODY });
  } catch (error) {
    if (error instanceof RangeError) throw tooLarge(); // over maxOutputLength
    throw new ApiError('INVALID_ARGUMENT', `The body is not valid ${encoding}: ${String(error)}`);
  }
}

function readRaw(request: IncomingMessage, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (outcome: () => void) => {
      signal.removeEventListener('abort', late);
      request.off('data', take);
      outcome();
    };
    const late = () =>
      stop(() =>
        reject(new ApiError('DEADLINE_EXCEEDED', 'The request body did not arrive in time.')),
      );
    const take = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) stop(() => reject(tooLarge()));
      else chunks.push(chunk);
    };
    if (signal.aborted) return late();
    signal.addEventListener('abort', late, { once: true });
    request.on('data', take);
    request.once('end', () => stop(() => resolve(Buffer.concat(chunks))));
    request.once('error', (error) => stop(() => reject(error)));
  });
}

function tooLarge(): ApiError {
  return new ApiError(
    'INVALID_ARGUMENT',
    `Request payload size exceeds the limit: ${MAX_BODY} bytes.`,
  );
}
