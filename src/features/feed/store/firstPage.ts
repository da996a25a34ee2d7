import type { PostsPage } from '../../../shared/posts/page';
import { decodeFirstPage } from '../../../shared/posts/postDecode';

/**
 * The first page's path from index.html to the first render, in one place. index.html's inline
 * script requests it before any module loads (postsQuery.firstPageRequest, written into the page at
 * build time) and leaves the request on `window.__feedFirstPage`; this module takes it over on
 * first use, so nothing else touches the global. The feed starts from the page if it has arrived by
 * the first render (features/feed/hooks/useFeed.ts); otherwise restReads.listPosts awaits the
 * request, and asks again if it failed.
 */
interface Prefetch {
  promise: Promise<unknown>;
  /** The runQuery's JSON, once it has arrived. */
  json?: unknown;
}

declare global {
  interface Window {
    __feedFirstPage?: Prefetch;
  }
}

let prefetch: Prefetch | undefined;
let arrived: PostsPage | null = null;
/** index.html's request as sent, kept after the page is used: the service worker may want it. */
let answer: Promise<unknown> | null = null;

function adoptPrefetch(): void {
  if (typeof window === 'undefined' || !window.__feedFirstPage) return;
  prefetch = window.__feedFirstPage;
  answer = prefetch.promise;
  arrived = null;
  window.__feedFirstPage = undefined;
}

/** The first page if index.html's request has arrived (and is still unused); null otherwise. */
export function arrivedFirstPage(): PostsPage | null {
  adoptPrefetch();
  if (!arrived && prefetch?.json !== undefined) {
    try {
      arrived = decodeFirstPage(prefetch.json);
    } catch {
      prefetch = undefined; // answered oddly: restReads asks for the first page again
    }
  }
  return arrived;
}

/**
 * index.html's request for the first page, decoded; null when there is none (or it was used). It
 * serves one first page only: Retry and later reloads ask again (restReads.readPage).
 */
export function takeFirstPageRequest(): Promise<PostsPage> | null {
  adoptPrefetch();
  const taken = prefetch;
  prefetch = undefined;
  if (arrived) {
    const page = arrived;
    arrived = null;
    return Promise.resolve(page);
  }
  return taken ? taken.promise.then(decodeFirstPage) : null;
}

/**
 * index.html's first-page answer as Firestore sent it (the runQuery JSON), used or not; null when
 * the page made no such request. The service worker keeps it (app/registerServiceWorker.ts).
 */
export function firstPageAnswer(): Promise<unknown> | null {
  adoptPrefetch();
  return answer;
}
