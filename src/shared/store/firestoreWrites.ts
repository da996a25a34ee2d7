import { config, splitHost } from '../config';
import { LIMITS } from '../limits';
import { StoreError, storeErrorCode } from '../errors/storeError';

/**
 * The write helper: the only module that imports Firestore Lite. It loads on the first write (or
 * when a form is focused), so a reader never downloads it. Each feature's writes (comments, the
 * administrator's posts, a deal's summary, moderation) run through `call`, which resolves once
 * Firestore has committed, or rejects with a StoreError and changes nothing.
 */

// Loaded on first need, so a visitor's first page never waits for it; its types come from the
// loader.
const loadSdk = () => import('firebase/firestore/lite');
// Without `default`: a script's `import * as sdk` has none, and the same Store serves both.
type Sdk = Omit<Awaited<ReturnType<typeof loadSdk>>, 'default'>;

/**
 * The SDK and a database: the app's (loadStore), or one a script or test made with the same SDK
 * (the comment recipe, features/feed/store/commentCommits.ts, runs on either).
 */
export interface Store {
  sdk: Sdk;
  db: ReturnType<Sdk['getFirestore']>;
}

let storePromise: Promise<Store> | null = null;

export function loadStore(): Promise<Store> {
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

export type Transaction = Parameters<Parameters<Sdk['runTransaction']>[1]>[0];

export type Constraint = Parameters<Sdk['query']>[1];
export type Snapshot = Awaited<ReturnType<Sdk['getDocs']>>['docs'][number];

/**
 * Every document of `collection` matching `filters`, a page of LIMITS.queryLimit at a time (the
 * rules refuse a bigger or an offset query): the administrator's reads of a post's or an author's
 * comment copies, and of the suspensions.
 */
export async function readAll(
  { sdk, db }: Store,
  collection: string,
  ...filters: Constraint[]
): Promise<Snapshot[]> {
  const copies: Snapshot[] = [];
  for (;;) {
    const last = copies.at(-1);
    const page = await sdk.getDocs(
      sdk.query(
        sdk.collection(db, collection),
        ...filters,
        sdk.orderBy(sdk.documentId()),
        ...(last ? [sdk.startAfter(last)] : []),
        sdk.limit(LIMITS.queryLimit),
      ),
    );
    copies.push(...page.docs);
    if (page.docs.length < LIMITS.queryLimit) return copies;
  }
}

export type Batch = ReturnType<Sdk['writeBatch']>;

/** What a batch and a transaction share: setting a document. */
export interface DocumentWriter {
  set(ref: ReturnType<Sdk['doc']>, data: Record<string, unknown>): unknown;
}

export async function call<T>(operation: (store: Store) => Promise<T>): Promise<T> {
  let store: Store;
  try {
    store = await loadStore();
  } catch (error) {
    throw new StoreError('unavailable', `Could not load the data module: ${String(error)}`);
  }
  try {
    return await operation(store);
  } catch (error) {
    if (error instanceof StoreError) throw error; // already says why ('too-soon')
    const message = error instanceof Error ? error.message : String(error);
    throw new StoreError(storeErrorCode(error), message);
  }
}
