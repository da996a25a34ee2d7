import { config } from '../config';
import type { RestRead } from './changes';
import { isRecord } from '../rest/restDecode';
import type { Post } from './post';
import {
  documentsMethodUrl,
  postUrl,
  restPost,
  type RestMethod,
  type RestSettings,
} from './postsQuery';
import { decodeDocument } from './postDecode';
import { StoreError, type StoreErrorCode } from '../errors/storeError';
import { retryingRead } from '../rest/retryingRead';

/**
 * Every read of posts, over Firestore's REST API in the Lite SDK's wire format: pages (the feed's
 * in features/feed/store/postPages.ts), a permalink's post, and the live checks' changes. One query,
 * one decoder, and no SDK to download for reading.
 */

/**
 * One post by id, for a permalink: a plain GET (a simple request, no CORS preflight), decoded as
 * pages are. Null when there is no such post (matches Firestore: a missing document is 404
 * NOT_FOUND); a StoreError ('unavailable' when the network fails) otherwise. `tried`: as
 * restRead's.
 */
export async function readPost(id: string, tried?: number): Promise<Post | null> {
  try {
    return await restRead(postUrl(id, restSettings()), undefined, decodeDocument, tried);
  } catch (error) {
    if (error instanceof StoreError && error.code === 'not-found') return null;
    throw error;
  }
}

/**
 * A REST method of the documents root (runQuery, batchGet), posted as index.html posts the first
 * page (postsQuery.restPost, the one builder: the service worker knows the first page by its
 * bytes). `tried`: as restRead's.
 */
export function postRest<T>(
  method: Parameters<RestRead>[0],
  body: unknown,
  decode: (json: unknown) => T,
  tried?: number,
): Promise<T> {
  const request = restPost(documentsMethodUrl(restSettings(), method), body);
  return restRead(request.url, request, decode, tried);
}

/** A REST method of one document's subcollections (`parent`: 'posts/{id}'), as postRest. */
export function postRestUnder<T>(
  parent: string,
  method: RestMethod,
  body: unknown,
  decode: (json: unknown) => T,
): Promise<T> {
  const request = restPost(documentsMethodUrl(restSettings(), method, parent), body);
  return restRead(request.url, request, decode);
}

export function restSettings(): RestSettings {
  return {
    projectId: config.firebase.projectId,
    apiKey: config.firebase.apiKey,
    emulatorHost: config.firestoreEmulatorHost,
  };
}

/**
 * One read over Firestore's REST API, its JSON answer decoded, or a StoreError with the SDK's code
 * for the status. Every read kind comes through here, so each rides out a passing failure
 * (shared/rest/retryingRead); `tried`: the tries made before this call (index.html's early read),
 * as retryingRead counts them. Reads are public, so no credentials are sent.
 */
export function restRead<T>(
  url: string,
  init: RequestInit | undefined,
  decode: (json: unknown) => T,
  tried?: number,
): Promise<T> {
  return retryingRead(() => readOnce(url, init, decode), tried);
}

/** One try: the answer decoded, or a StoreError. */
async function readOnce<T>(
  url: string,
  init: RequestInit | undefined,
  decode: (json: unknown) => T,
): Promise<T> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, init);
    text = await response.text();
  } catch (error) {
    // No answer, or the connection dropped while it came: UNAVAILABLE, as the SDK says.
    throw new StoreError('unavailable', `Could not reach Firestore: ${String(error)}`);
  }
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page): the status, or the decoder's complaint, says what it was.
  }
  if (!response.ok) {
    throw new StoreError(codeForStatus(response.status), restErrorMessage(json, response.status));
  }
  try {
    return decode(json);
  } catch (error) {
    throw new StoreError('unknown', `Firestore answered oddly: ${String(error)}`);
  }
}

/** The SDK's mapping of HTTP statuses to error codes, for the reads made without it. */
const CODES: Partial<Record<number, StoreErrorCode>> = {
  401: 'unauthenticated',
  403: 'permission-denied',
  404: 'not-found',
  409: 'aborted',
  429: 'resource-exhausted',
  501: 'unimplemented',
  503: 'unavailable',
  504: 'deadline-exceeded',
};

function codeForStatus(status: number): StoreErrorCode {
  return CODES[status] ?? (status >= 400 && status < 500 ? 'failed-precondition' : 'internal');
}

/** Firestore's error JSON carries the message: `{ error: { message } }`. */
function restErrorMessage(json: unknown, status: number): string {
  if (isRecord(json) && isRecord(json.error) && typeof json.error.message === 'string') {
    return json.error.message;
  }
  return `Firestore answered ${status}`;
}
