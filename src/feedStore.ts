import { config, splitHost } from './config';
import { takeFirstPageRequest } from './data/firstPage';
import { toPage, type Cursor, type PostsPage } from './data/page';
import { isRecord, type Comment, type NewPost, type Post } from './data/post';
import { decodeDocument, decodeRunQuery } from './data/restDecode';
import { pageQuery, postUrl, runQueryUrl, type RestSettings } from './data/postsQuery';
import { StoreError, type StoreErrorCode } from './data/storeError';
import { LIMITS } from './limits';

/**
 * The app's data operations, and the only module that talks to Firestore. Pages are read over
 * Firestore's REST API with one query and one decoder (the first one requested by index.html
 * before any module loads, src/data/firstPage.ts); the SDK (Firestore Lite) is loaded only for
 * writes, so a reader never downloads it.
 */

// Loaded on first need, so a visitor's first page never waits for it; its types come from the loader.
const loadSdk = () => import('firebase/firestore/lite');
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

interface Store {
  sdk: Sdk;
  db: ReturnType<Sdk['getFirestore']>;
}

let storePromise: Promise<Store> | null = null;

function loadStore(): Promise<Store> {
  if (!storePromise) {
    storePromise = Promise.all([loadSdk(), import('./firebase')]).then(
      ([sdk, { getFirebaseApp }]) => {
        const db = sdk.getFirestore(getFirebaseApp());
        if (config.firestoreEmulatorHost) {
          const { host, port } = splitHost(config.firestoreEmulatorHost);
          sdk.connectFirestoreEmulator(db, host, port);
        }
        return { sdk, db };
      },
    );
    // A chunk that failed to download (offline) is tried again on the next call.
    storePromise.catch(() => {
      storePromise = null;
    });
  }
  return storePromise;
}

/** Starts downloading the SDK ahead of a write (a form focused, the post form shown). */
export function warmStore(): void {
  loadStore().catch(() => {});
}

/** The newest posts after `cursor` (from the top when null): created desc, then id desc. */
export async function listPosts(cursor: Cursor | null): Promise<PostsPage> {
  if (cursor === null) {
    const prefetched = takeFirstPageRequest();
    if (prefetched) {
      try {
        return await prefetched;
      } catch {
        // The prefetch failed or answered oddly: the request below tries again and reports properly.
      }
    }
  }
  return readPage(cursor);
}

/**
 * A page over Firestore's REST API, as index.html's first request reads it: the same query, the
 * same decoder, and no SDK to download for reading. Reads are public, so no credentials are sent.
 */
async function readPage(cursor: Cursor | null): Promise<PostsPage> {
  const json = await restRead(runQueryUrl(restSettings()), {
    method: 'POST',
    // text/plain, as the SDK sends it: a simple request, so no CORS preflight.
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify(pageQuery(cursor, config.firebase.projectId)),
  });
  return decoded(() => toPage(decodeRunQuery(json)));
}

/**
 * One post by id, for a permalink: a plain GET (a simple request, no CORS preflight), decoded as
 * pages are. Null when there is no such post (matches Firestore: a missing document is 404
 * NOT_FOUND); a StoreError ('unavailable' when the network fails) otherwise.
 */
export async function readPost(id: string): Promise<Post | null> {
  try {
    const json = await restRead(postUrl(id, restSettings()));
    return decoded(() => decodeDocument(json));
  } catch (error) {
    if (error instanceof StoreError && error.code === 'not-found') return null;
    throw error;
  }
}

function restSettings(): RestSettings {
  return {
    projectId: config.firebase.projectId,
    apiKey: config.firebase.apiKey,
    emulatorHost: config.firestoreEmulatorHost,
  };
}

/** A REST read's JSON; a StoreError with the SDK's code for the status when it fails. */
async function restRead(url: string, init?: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    throw new StoreError('unavailable', `Could not reach Firestore: ${String(error)}`);
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw new StoreError(codeForStatus(response.status), restErrorMessage(json, response.status));
  }
  return json;
}

function decoded<T>(decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    throw new StoreError('unknown', `Firestore answered oddly: ${String(error)}`);
  }
}

/** The SDK's mapping of HTTP statuses to error codes, for the reads made without it. */
function codeForStatus(status: number): StoreErrorCode {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'permission-denied';
  if (status === 404) return 'not-found';
  if (status === 409) return 'aborted';
  if (status === 429) return 'resource-exhausted';
  if (status === 501) return 'unimplemented';
  if (status === 503) return 'unavailable';
  if (status === 504) return 'deadline-exceeded';
  if (status >= 400 && status < 500) return 'failed-precondition';
  return 'internal';
}

/** Firestore's error JSON carries the message: `{ error: { message } }`. */
function restErrorMessage(json: unknown, status: number): string {
  if (isRecord(json) && isRecord(json.error) && typeof json.error.message === 'string') {
    return json.error.message;
  }
  return `Firestore answered ${status}`;
}

export async function createPost(input: NewPost): Promise<Post> {
  return call(async ({ sdk, db }) => {
    const fields = { ...input, comments: [], created: Date.now() };
    const ref = await sdk.addDoc(sdk.collection(db, 'posts'), fields);
    return { id: ref.id, ...fields };
  });
}

export async function updatePostContent(id: string, content: string): Promise<void> {
  return call(({ sdk, db }) => sdk.updateDoc(sdk.doc(db, 'posts', id), { content }));
}

/**
 * Appends atomically, so two fans commenting at once both keep their comment. The same batch
 * stamps the account's commenters/{uid} with the server time: the rules allow one comment every
 * few seconds per account. A refusal within that time rejects with code 'too-soon'.
 */
export async function addComment(id: string, comment: Comment, uid: string): Promise<void> {
  return call(async ({ sdk, db }) => {
    const batch = sdk.writeBatch(db);
    batch.update(sdk.doc(db, 'posts', id), { comments: sdk.arrayUnion(comment) });
    batch.set(sdk.doc(db, 'commenters', uid), { last: sdk.serverTimestamp() });
    try {
      await batch.commit();
    } catch (error) {
      if (errorCode(error) === 'permission-denied' && (await commentedJustNow(uid))) {
        throw new StoreError('too-soon', 'This account commented less than a moment ago.');
      }
      throw error;
    }
  });
}

/** Whether the account's last comment is recent enough that the rate limit explains a refusal. */
async function commentedJustNow(uid: string): Promise<boolean> {
  try {
    const { sdk, db } = await loadStore();
    const last: unknown = (await sdk.getDoc(sdk.doc(db, 'commenters', uid))).get('last');
    // Allow for a client clock a few seconds off the server's.
    const window = (LIMITS.commentIntervalSeconds + 5) * 1000;
    return last instanceof sdk.Timestamp && Date.now() - last.toMillis() < window;
  } catch {
    return false;
  }
}

/** Removes one comment (the administrator's any, a fan's own), leaving the others in order. */
export async function removeComment(id: string, comment: Comment): Promise<void> {
  return call(({ sdk, db }) =>
    sdk.updateDoc(sdk.doc(db, 'posts', id), { comments: sdk.arrayRemove(comment) }),
  );
}

export async function deletePost(id: string): Promise<void> {
  return call(({ sdk, db }) => sdk.deleteDoc(sdk.doc(db, 'posts', id)));
}

async function call<T>(operation: (store: Store) => Promise<T>): Promise<T> {
  let store: Store;
  try {
    store = await loadStore();
  } catch (error) {
    throw new StoreError('unavailable', `Could not load the data module: ${String(error)}`);
  }
  try {
    return await operation(store);
  } catch (error) {
    throw new StoreError(errorCode(error), error instanceof Error ? error.message : String(error));
  }
}

/**
 * Firestore's code ('not-found', 'permission-denied'…). Read by shape, not instanceof: the Lite
 * SDK's REST layer can throw an error object that is not an instance of the exported class.
 */
function errorCode(error: unknown): StoreErrorCode {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error;
    if (typeof code === 'string' && code !== '') return code;
  }
  return 'unknown';
}
