import { vi } from 'vitest';

/**
 * Reads that fail as in an outage, for the test files that watch fetch rather than route the app
 * through the proxy (./proxy.ts answers the same way): the next `count` requests whose address or
 * body holds `match` get `answer`, Firestore's 503 UNAVAILABLE unless told otherwise; every other
 * request goes on to whatever fetch was before (a test's spy, or the real one). Returns how many
 * have been refused so far. Undone by vi.unstubAllGlobals().
 */
export function refuseReads(
  match: string,
  count: number,
  answer: () => Promise<Response> = unavailable,
): () => number {
  const through = globalThis.fetch;
  let refused = 0;
  const refusing: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const body = typeof init?.body === 'string' ? init.body : '';
    if (refused < count && (url.includes(match) || body.includes(match))) {
      refused += 1;
      return answer();
    }
    return through(input, init);
  };
  vi.stubGlobal('fetch', refusing);
  return () => refused;
}

/** Firestore's answer while it is unavailable: 503 with its JSON error shape. */
export function unavailable(): Promise<Response> {
  const error = { code: 503, message: 'Refused by the test', status: 'UNAVAILABLE' };
  return Promise.resolve(
    new Response(JSON.stringify({ error }), {
      status: 503,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

/** A connection that drops before any answer: fetch rejects, as the browser's does. */
export function dropped(): Promise<Response> {
  return Promise.reject(new TypeError('Failed to fetch'));
}
