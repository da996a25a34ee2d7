import { config, splitHost } from '../config';
import { LIMITS } from '../data/limits';
import type { Comment, NewPost, Post, PostEdit } from '../data/post';
import { POST_CHANGES } from '../data/postsQuery';
import { StoreError, storeErrorCode } from '../data/storeError';

/**
 * Every write of the feed, through Firestore Lite: the only module that imports the SDK. It loads
 * on the first write (or when a form is focused), so a reader never downloads it. Each call
 * resolves once Firestore has committed, or rejects with a StoreError and changes nothing.
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
      if (storeErrorCode(error) === 'permission-denied' && (await commentedJustNow(uid))) {
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
 * the rules refuse a post write without it, and open pages find the change by it (hooks/liveChecks.ts).
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
    if (error instanceof StoreError) throw error; // already says why ('too-soon')
    const message = error instanceof Error ? error.message : String(error);
    throw new StoreError(storeErrorCode(error), message);
  }
}
