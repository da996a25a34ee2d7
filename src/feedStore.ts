import { config, splitHost } from './config';
import { takeFirstPageRequest } from './data/firstPage';
import { decodePage, type Cursor, type PostsPage } from './data/page';
import { isRecord, type Comment, type NewPost, type Post, type PostEdit } from './data/post';
import type { PostChanges, RestRead } from './data/changes';
import {
  POST_CHANGES,
  documentsMethodUrl,
  documentsRoot,
  pageQuery,
  postUrl,
  restPost,
  type RestSettings,
} from './data/postsQuery';
import { decodeDocument } from './data/restDecode';
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
 * same decoder, and no SDK to download for reading.
 */
function readPage(cursor: Cursor | null): Promise<PostsPage> {
  return postRest('runQuery', pageQuery(cursor, config.firebase.projectId), decodePage);
}

/**
 * The posts changed after `since` (a read time as Firestore wrote it); with nothing changed, one
 * read. Its code loads with the first check, never with the first page.
 */
export async function readChanges(since: string): Promise<PostChanges> {
  const { readChangesOver } = await import('./data/changes');
  return readChangesOver(postRest, documentsRoot(config.firebase.projectId), since);
}

/**
 * One post by id, for a permalink: a plain GET (a simple request, no CORS preflight), decoded as
 * pages are. Null when there is no such post (matches Firestore: a missing document is 404
 * NOT_FOUND); a StoreError ('unavailable' when the network fails) otherwise.
 */
export async function readPost(id: string): Promise<Post | null> {
  try {
    return await restRead(postUrl(id, restSettings()), undefined, decodeDocument);
  } catch (error) {
    if (error instanceof StoreError && error.code === 'not-found') return null;
    throw error;
  }
}

/**
 * A REST method of the documents root (runQuery, batchGet), posted as index.html posts the first
 * page (postsQuery.restPost, the one builder: the service worker knows the first page by its bytes).
 */
const postRest: RestRead = (method, body, decode) => {
  const request = restPost(documentsMethodUrl(restSettings(), method), body);
  return restRead(request.url, request, decode);
};

function restSettings(): RestSettings {
  return {
    projectId: config.firebase.projectId,
    apiKey: config.firebase.apiKey,
    emulatorHost: config.firestoreEmulatorHost,
  };
}

/**
 * One read over Firestore's REST API, its JSON answer decoded, or a StoreError with the SDK's code
 * for the status. Reads are public, so no credentials are sent.
 */
async function restRead<T>(
  url: string,
  init: RequestInit | undefined,
  decode: (json: unknown) => T,
): Promise<T> {
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
  try {
    return decode(json);
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

/** A post without a deal status has no `status` key at all, as the spec's posts. */
export async function createPost({ status, ...input }: NewPost): Promise<Post> {
  return call(async (store) => {
    const { sdk, db } = store;
    const fields = { ...input, ...(status && { status }), comments: [], created: Date.now() };
    const ref = sdk.doc(sdk.collection(db, 'posts'));
    await commitWithStamp(store, ref.id, (batch) => batch.set(ref, fields));
    return { id: ref.id, ...fields };
  });
}

/** The editor's one write: the content, and the deal status set, changed or removed (none). */
export async function updatePost(id: string, { content, status }: PostEdit): Promise<void> {
  return call((store) =>
    commitWithStamp(store, id, (batch) =>
      batch.update(store.sdk.doc(store.db, 'posts', id), {
        content,
        status: status ?? store.sdk.deleteField(),
      }),
    ),
  );
}

/**
 * Appends atomically, so two fans commenting at once both keep their comment. The same batch
 * stamps the account's commenters/{uid} with the server time: the rules allow one comment every
 * few seconds per account. A refusal within that time rejects with code 'too-soon'.
 */
export async function addComment(id: string, comment: Comment, uid: string): Promise<void> {
  return call(async (store) => {
    const { sdk, db } = store;
    try {
      await commitWithStamp(store, id, (batch) => {
        batch.update(sdk.doc(db, 'posts', id), { comments: sdk.arrayUnion(comment) });
        batch.set(sdk.doc(db, 'commenters', uid), { last: sdk.serverTimestamp() });
      });
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
  return call((store) =>
    commitWithStamp(store, id, (batch) =>
      batch.update(store.sdk.doc(store.db, 'posts', id), {
        comments: store.sdk.arrayRemove(comment),
      }),
    ),
  );
}

export async function deletePost(id: string): Promise<void> {
  return call((store) =>
    commitWithStamp(store, id, (batch) => batch.delete(store.sdk.doc(store.db, 'posts', id))),
  );
}

type Batch = ReturnType<Sdk['writeBatch']>;

/**
 * Commits a post's writes with the stamp of postChanges/{id} at the server's time, in one batch:
 * the rules refuse a post write without it, and open pages find the change by it (src/live/).
 */
async function commitWithStamp(
  { sdk, db }: Store,
  id: string,
  write: (batch: Batch) => void,
): Promise<void> {
  const batch = sdk.writeBatch(db);
  write(batch);
  batch.set(sdk.doc(db, POST_CHANGES, id), { at: sdk.serverTimestamp() });
  await batch.commit();
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
