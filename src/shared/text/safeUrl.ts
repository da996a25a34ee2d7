import { LIMITS } from '../limits';

/** Longest URL the app stores or renders (the rules cap it too). */
export const MAX_URL_LENGTH = LIMITS.urlBytes;

/**
 * The URL itself when it is safe to put in an href or src: http(s), absolute or relative to the
 * page (the demo pictures live at /images/…). Anything else (javascript:, data:, garbage) is null,
 * so it never reaches the DOM.
 */
export function safeHttpUrl(
  raw: string,
  base: string = globalThis.location?.href ?? '',
): string | null {
  const value = raw.trim();
  if (value === '' || value.length > MAX_URL_LENGTH) return null;
  try {
    const { protocol } = base ? new URL(value, base) : new URL(value);
    return protocol === 'http:' || protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

/**
 * What the post form stores: the absolute http(s) URL (a path like /images/a.svg is resolved
 * against the page), since the rules accept only absolute http(s) URLs. null when not http(s).
 */
export function toAbsoluteHttpUrl(
  raw: string,
  base: string = globalThis.location?.href ?? '',
): string | null {
  const safe = safeHttpUrl(raw, base);
  if (safe === null) return null;
  const absolute = base ? new URL(safe, base).href : new URL(safe).href;
  return absolute.length <= MAX_URL_LENGTH ? absolute : null;
}
