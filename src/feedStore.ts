import { PAGE_SIZE, config, splitHost } from './config';
import { LIMITS } from './limits';
import { decodeRunQuery } from './feed/restDecode';
import { toPost, type Comment, type NewPost, type Post } from './feed/post';

/**
 * The app's data operations, and the only module that talks to Firestore. The SDK (Firestore Lite)
 * is loaded on first need, so a visitor's first page can arrive through index.html's plain-fetch
 * prefetch while the SDK is not even downloaded: one data path, two transports.
 */
declare global {
  interface Window {
    /** The first page's runQuery, started by index.html before any module loads: raw JSON, set
     * on `json` once it has arrived. */
    __feedFirstPage?: { promise: Promise<unknown>; json?: unknown };
  }
}

export interface Cursor {
  created: number;
  id: string;
}

export interface PostsPage {
  posts: Post[];
  /** Where the next page starts; null when this page is the last one. */
  nextCursor: Cursor | null;
}

/** A failed call, with Firestore's error code ('permission-denied', 'not-found', 'unavailable'…). */
export class StoreError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'StoreError';
    this.code = code;
  }
}

// Loaded on first need. (Types come from the loader, not a static import: the ESLint pattern for
// firebase/firestore/* also catches a static 'firebase/firestore/lite' import here.)
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

/** Starts downloading the SDK ahead of need (Load More coming into view, a form focused). */
export function warmStore(): void {
  loadStore().catch(() => {});
}

/** The newest posts after `cursor` (from the top when null): created desc, then id desc. */
export async function listPosts(cursor: Cursor | null): Promise<PostsPage> {
  if (cursor === null) {
    const prefetched = takePrefetch()?.promise;
    if (prefetched) {
      try {
        return toPage(decodeRunQuery(await prefetched));
      } catch {
        // The prefetch failed or answered oddly: the SDK below tries again and reports properly.
      }
    }
  }
  return call(async ({ sdk, db }) => {
    const order = [sdk.orderBy('created', 'desc'), sdk.orderBy(sdk.documentId(), 'desc')];
    const after = cursor ? [sdk.startAfter(cursor.created, cursor.id)] : [];
    // One more than a page tells whether a next page exists, so Load More never shows an empty one.
    const q = sdk.query(sdk.collection(db, 'posts'), ...order, ...after, sdk.limit(PAGE_SIZE + 1));
    const snapshot = await sdk.getDocs(q);
    return toPage(snapshot.docs.map((doc) => toPost(doc.id, doc.data())));
  });
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

/**
 * The first page, when index.html's prefetch has already arrived: the app's first render can then
 * show posts at once (one render, no "Loading posts…" flash). Takes the prefetch; null otherwise.
 */
export function takeArrivedFirstPage(): PostsPage | null {
  if (typeof window === 'undefined' || window.__feedFirstPage?.json === undefined) return null;
  const { json } = takePrefetch() ?? {};
  try {
    return toPage(decodeRunQuery(json));
  } catch {
    return null; // answered oddly: the app loads the first page through the SDK instead
  }
}

/**
 * The first page from index.html's prefetch, waiting up to `waitMs` for it to arrive: null when
 * there is none, it failed, or it is slower than that (the app then shows "Loading posts…").
 */
export async function firstPageWithin(waitMs: number): Promise<PostsPage | null> {
  const pending = typeof window === 'undefined' ? undefined : window.__feedFirstPage?.promise;
  if (pending) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    });
    // A failed prefetch is left for listPosts, which falls back to the SDK.
    await Promise.race([pending.catch(() => {}), timeout]);
    clearTimeout(timer);
  }
  return takeArrivedFirstPage();
}

/** The prefetch serves one first page only: Retry and later reloads go through the SDK. */
function takePrefetch(): Window['__feedFirstPage'] {
  if (typeof window === 'undefined') return undefined;
  const prefetch = window.__feedFirstPage;
  window.__feedFirstPage = undefined;
  return prefetch;
}

function toPage(fetched: Post[]): PostsPage {
  const posts = fetched.slice(0, PAGE_SIZE);
  const last = posts.at(-1);
  return {
    posts,
    nextCursor: fetched.length > PAGE_SIZE && last ? { created: last.created, id: last.id } : null,
  };
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
function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error;
    if (typeof code === 'string' && code !== '') return code;
  }
  return 'unknown';
}
