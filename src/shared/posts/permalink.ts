/**
 * A post's permalink is `<app>/?post=<id>`: the id read from the address, and the link built for
 * Share. Pure functions of their arguments (the page's location by default), so they test alone.
 */
import { utf8Bytes } from '../text/text';

/** The query parameter that names the shared post. */
const POST_PARAM = 'post';
/**
 * Which ids can name a post at all (matches Firestore's document id rules): not empty, no '/',
 * not '.' or '..', not reserved (`__…__`), at most 1,500 bytes of UTF-8. Data, so index.html's
 * inline script applies the same rule (the build writes it into the shared post's <meta>).
 */
export const POST_ID_RULE = { pattern: '^(?!\\.\\.?$|__.*__$)[^/]+$', maxBytes: 1500 };
const POST_ID = new RegExp(POST_ID_RULE.pattern);

/**
 * The `post` parameter of the address: null when there is none; otherwise the id as written,
 * which may be malformed (see isPostId) and then reads as a post that does not exist.
 */
export function permalinkPostId(search: string = location.search): string | null {
  return new URLSearchParams(search).get(POST_PARAM);
}

/** Whether `id` can name a post at all (POST_ID_RULE). Anything else is never requested. */
export function isPostId(id: string): boolean {
  return POST_ID.test(id) && utf8Bytes(id) <= POST_ID_RULE.maxBytes;
}

/** The absolute link to a post: this site's origin and the app's base path, then `?post=<id>`. */
export function permalinkTo(
  id: string,
  origin: string = location.origin,
  basePath: string = import.meta.env.BASE_URL,
): string {
  const url = new URL(basePath, `${origin}/`);
  url.search = `${POST_PARAM}=${encodeURIComponent(id)}`;
  return url.href;
}
