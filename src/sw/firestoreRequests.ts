import type { RestPost } from '../features/posts/data/postsQuery';

/**
 * Which Firestore requests the service worker may keep: the read-only first page and single posts
 * (permalinks), both public reads. Pure functions of the request's parts, so they are tested
 * without a browser.
 */

/**
 * Whether a request is the first page's, byte for byte as its one builder writes it
 * (postsQuery.firstPageRequest, used by index.html and the app alike): same address, same body.
 */
export function isFirstPageRequest(
  sent: { url: string; body: string },
  firstPage: RestPost,
): boolean {
  return isRunQueryUrl(new URL(sent.url), new URL(firstPage.url)) && sent.body === firstPage.body;
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
