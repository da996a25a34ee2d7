/**
 * Which web pages may call the emulator from a browser. Google's emulator answers every origin
 * (it echoes any Origin with credentials allowed); the gate answers only pages served from the
 * loopback interface (http://localhost, http://127.0.0.1, http://[::1], any port). The emulator
 * takes `Bearer owner` from anyone: a page on the internet opened while `npm run dev` runs could
 * otherwise replace the rules or delete the data.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { ApiError } from './errors';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a browser page from `origin` (the request's Origin header) is answered. */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // e.g. "null" from a sandboxed frame or a file:// page
  }
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && url.origin === origin;
}

/** The answer to a refused origin: Firestore's JSON error shape, and no CORS headers. */
export function refusal(origin: string): ApiError {
  return new ApiError(
    'PERMISSION_DENIED',
    `This emulator answers browser pages from http://localhost, http://127.0.0.1 and http://[::1] only; the origin ${origin} is refused.`,
  );
}

/** The headers of a preflight's answer for an allowed origin. */
export function preflightHeaders(
  origin: string,
  request: IncomingHttpHeaders,
): OutgoingHttpHeaders {
  return {
    ...allowedOriginHeaders(origin),
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': request['access-control-request-headers'] ?? '',
    'access-control-max-age': '600',
  };
}

export function allowedOriginHeaders(origin: string): OutgoingHttpHeaders {
  return { 'access-control-allow-origin': origin, vary: 'Origin' };
}

/** The engine's own CORS headers, which answer any origin: the gate replaces them. */
export function withoutCorsHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith('access-control-')),
  );
}
