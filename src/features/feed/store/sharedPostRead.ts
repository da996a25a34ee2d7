import type { Post } from '../../../shared/posts/post';
import { decodeDocument } from '../../../shared/posts/postDecode';
import { readPost } from '../../../shared/posts/restReads';

/**
 * The permalink's post (`?post=<id>`) from index.html to the first render, as
 * posts/store/firstPage.ts does for the first page. index.html's inline script reads it beside
 * the first page, before any module loads (postsQuery.postRequest, written into the page at build
 * time), and leaves the read on `window.__feedSharedPost`; this module takes it over, so nothing
 * else touches the global.
 */
interface Prefetch {
  id: string;
  promise: Promise<unknown>;
  /** The document's JSON once it has arrived; null when Firestore has no such post (404). */
  json?: unknown;
}

declare global {
  interface Window {
    __feedSharedPost?: Prefetch;
  }
}

let prefetch: Prefetch | undefined;

function adoptPrefetch(): void {
  if (typeof window === 'undefined' || !window.__feedSharedPost) return;
  prefetch = window.__feedSharedPost;
  window.__feedSharedPost = undefined;
}

function decode(json: unknown): Post | null {
  return json === null ? null : decodeDocument(json);
}

/**
 * index.html's read of `id` if it has answered: `{ post }`, null for no such post; undefined while
 * it has not (or answered oddly, or there is none). It stays for takeSharedRead: StrictMode asks
 * twice for the first state.
 */
export function arrivedSharedPost(id: string): { post: Post | null } | undefined {
  adoptPrefetch();
  if (prefetch?.id !== id || prefetch.json === undefined) return undefined;
  try {
    return { post: decode(prefetch.json) };
  } catch {
    return undefined; // takeSharedRead asks again
  }
}

/**
 * index.html's read of `id` if there is one (once), a new read otherwise (a Retry, a test's
 * render). A failed or odd early read is asked again at once, as a retry (the early read was the
 * first try), and a failure then is reported properly.
 */
export function takeSharedRead(id: string): Promise<Post | null> {
  adoptPrefetch();
  const taken = prefetch;
  prefetch = undefined;
  if (taken?.id !== id) return readPost(id);
  return taken.promise.then(decode).catch(() => readPost(id, 1));
}
