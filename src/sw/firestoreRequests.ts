import type { RestPost } from '../shared/posts/postsQuery';

/**
 * Which Firestore requests the service worker may keep: the read-only first page (pinned post
 * first) and single posts (permalinks), all public reads. Pure functions of the request's parts, so they
 * are tested without a browser.
 */

/**
 * Whether a request is a kept one (the first page's), byte for byte as its one
 * builder writes it (postsQuery, used by index.html and the app alike): same address, same body.
 */
export function isSameRequest(sent: { url: string; body: string }, kept: RestPost): boolean {
  return isRunQueryUrl(new URL(sent.url), new URL(kept.url)) && sent.body === kept.body;
}

/** A request made for a signed-in user (a token or cookies) is never kept. */
export function carriesCredentials(request: {
  headers: { has(name: string): boolean };
  credentials: RequestCredentials;
}): boolean {
  return request.headers.has('authorization') || request.credentials === 'include';
}

/**
 * The documents root of the feed's database, from its runQuery address (`…/documents:runQuery`).
 */
function documentsRoot(runQueryUrl: URL): string {
  return runQueryUrl.pathname.replace(/:runQuery$/, '');
}

/**
 * Whether `url` is the feed's runQuery address (the key's `?key=` included, for hosted Firestore).
 */
export function isRunQueryUrl(url: URL, runQueryUrl: URL): boolean {
  return url.href === runQueryUrl.href;
}

/** Whether `url` reads one post, `<documents root>/posts/<id>`, of the feed's database. */
export function isPostUrl(url: URL, runQueryUrl: URL): boolean {
  if (url.origin !== runQueryUrl.origin) return false;
  const prefix = `${documentsRoot(runQueryUrl)}/posts/`;
  if (!url.pathname.startsWith(prefix)) return false;
  const id = url.pathname.slice(prefix.length);
  return id !== '' && !id.includes('/');
}
