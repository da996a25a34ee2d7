import { decodeRunQuery } from '../../../shared/posts/postDecode';
import type { Post } from '../../../shared/posts/post';
import { PINNED_POST_QUERY } from '../../../shared/posts/postsQuery';
import { postRest } from '../../../shared/posts/restReads';

/**
 * The club's pinned post from index.html to the first render, as firstPage.ts beside it does for the first
 * page: index.html's inline script sends its query beside the first page's (postsQuery
 * pinnedPostRequest, written into the page at build time) and leaves it on
 * `window.__feedPinnedPost`; this module takes it over, so nothing else touches the global.
 */
declare global {
  interface Window {
    __feedPinnedPost?: { promise: Promise<unknown>; json?: unknown };
  }
}

const decode = (json: unknown): Post | null => decodeRunQuery(json)[0] ?? null;

/** The pinned post if index.html's read has answered (null: none is); undefined while it has not. */
export function arrivedPinnedPost(): Post | null | undefined {
  const json = window.__feedPinnedPost?.json;
  try {
    return json === undefined ? undefined : decode(json);
  } catch {
    return undefined; // answered oddly: readPinnedPost asks again
  }
}

/** index.html's read as sent, kept once taken over: the service worker may want its answer. */
let sent: Promise<unknown> | null = null;

/**
 * index.html's read, taken over once; a new read without one, or when it failed (a retry, sent at
 * once: index.html's was the first try).
 */
export function readPinnedPost(): Promise<Post | null> {
  const prefetch = window.__feedPinnedPost;
  window.__feedPinnedPost = undefined;
  sent = prefetch?.promise ?? sent;
  const read = (tried?: number) => postRest('runQuery', PINNED_POST_QUERY, decode, tried);
  return prefetch ? prefetch.promise.then(decode).catch(() => read(1)) : read();
}

/**
 * index.html's pinned-post answer as Firestore sent it (the runQuery JSON), used or not; null when
 * the page made no such request. The service worker keeps it (app/registerServiceWorker.ts).
 */
export function pinnedPostAnswer(): Promise<unknown> | null {
  return window.__feedPinnedPost?.promise ?? sent;
}
