/**
 * Which web pages may call the emulator from a browser. The official emulator answers every
 * origin; this one answers only pages served from the loopback interface (http://localhost,
 * http://127.0.0.1, http://[::1], any port) and the origins named with --allow-origin. The
 * emulator has no credentials: any page that can reach it can replace the rules or delete the
 * data, so a page on the internet opened while `npm run dev` runs must not reach it.
 */
import { ApiError } from './errors';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * `value` as an origin (scheme://host[:port], nothing else), or an Error saying why it is not
 * one. Used for --allow-origin and the `allowOrigins` option, so a typo fails at start.
 */
export function parseOrigin(value: string): string {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  // An origin serialises without a path, so anything else here is not one.
  if (
    !url ||
    !/^https?:$/.test(url.protocol) ||
    url.origin !== value.replace(/\/$/, '').toLowerCase()
  ) {
    throw new Error(
      `"${value}" is not an origin; expected scheme://host[:port], e.g. https://app.example.com.`,
    );
  }
  return url.origin;
}

export class CorsPolicy {
  private readonly allowed: ReadonlySet<string>;

  /** `allowOrigins`: origins served besides the loopback ones; each must pass parseOrigin. */
  constructor(allowOrigins: readonly string[] = []) {
    this.allowed = new Set(allowOrigins.map(parseOrigin));
  }

  /** Whether a browser page from `origin` (the request's Origin header) is answered. */
  allows(origin: string): boolean {
    if (this.allowed.has(origin)) return true;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false; // e.g. "null" from a sandboxed frame or a file:// page
    }
    return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && url.origin === origin;
  }

  /** The answer to a refused origin: Firestore's JSON error shape, and no CORS headers. */
  refusal(origin: string): ApiError {
    return new ApiError(
      'PERMISSION_DENIED',
      `This emulator answers browser pages from http://localhost, http://127.0.0.1 and http://[::1] only; the origin ${origin} is refused. Start it with --allow-origin ${origin} to allow that page.`,
    );
  }
}
