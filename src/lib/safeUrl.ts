/** Longest URL the app stores or renders (the rules cap it too). */
export const MAX_URL_LENGTH = 2048;

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
