import { config, splitHost } from '../config';
import { LIMITS } from '../data/limits';
import { withoutComment, type RemovedCopies } from '../data/feedReducer';
import {
  COMMENTERS,
  COMMENTS,
  REPORTS,
  commentId,
  reportId,
  type ReportReason,
} from '../data/commentCopies';
import { DEALS, dealAfterPost, toDeal } from '../data/deal';
import type { DealStatus } from '../data/dealStatus';
import {
  toPost,
  type Comment,
  type NewPost,
  type Post,
  type PostDeal,
  type PostEdit,
} from '../data/post';
import { POST_CHANGES } from '../data/postsQuery';
import { StoreError, storeErrorCode } from '../data/storeError';
import { retryingContention } from './contention';

/**
 * Every write of the feed, through Firestore Lite: the only module that imports the SDK. It loads
 * on the first write (or when a form is focused), so a reader never downloads it. Each call
 * resolves once Firestore has committed, or rejects with a StoreError and changes nothing.
 */

// Loaded on first need, so a visitor's first page never waits for it; its types come from the loader.
const loadSdk = () => import('firebase/firestore/lite');
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

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

/**
 * A post without a deal status or deal has no `status` or `deal` key at all, as the spec's posts.
 * A post in a deal is written in a transaction with the deal's summary (followDeal).
 */
export async function createPost({ status, deal, ...input }: NewPost): Promise<Post> {
  return call(async (store) => {
    const { sdk, db } = store;
    const fields = {
      ...input,
      ...(status && { status }),
      ...(deal && { deal: deal.id }),
      comments: [],
      created: Date.now(),
    };
    const ref = sdk.doc(sdk.collection(db, 'posts'));
    if (!deal) {
      await commitWithStamp(store, ref.id, (batch) => batch.set(ref, fields));
    } else {
      await sdk.runTransaction(db, async (transaction) => {
        const follow = await followDeal(store, transaction, deal, ref.id, status);
        transaction.set(ref, fields);
        stampInTransaction(store, transaction, ref.id);
        follow();
      });
    }
    return { id: ref.id, ...fields };
  });
}

/**
 * The editor's one write: the content, and the deal status and the deal, each set, changed or
 * removed (none). When the deal or the status changes, the deal's summary follows in the same
 * transaction; an edit of the content alone leaves the deal as it is.
 */
export async function updatePost(id: string, { content, status, deal }: PostEdit): Promise<void> {
  return call(async (store) => {
    const { sdk, db } = store;
    const ref = sdk.doc(db, 'posts', id);
    await sdk.runTransaction(db, async (transaction) => {
      const before = toPost(id, (await transaction.get(ref)).data());
      const moves = deal && (before.deal !== deal.id || before.status !== status);
      const follow = moves ? await followDeal(store, transaction, deal, id, status) : null;
      transaction.update(ref, {
        content,
        status: status ?? sdk.deleteField(),
        deal: deal?.id ?? sdk.deleteField(),
      });
      stampInTransaction(store, transaction, id);
      follow?.();
    });
  });
}

type Transaction = Parameters<Parameters<Sdk['runTransaction']>[1]>[0];

/**
 * Reads the deal a post names (all reads of a transaction come before its writes) and returns
 * the write of its summary after that post (dealAfterPost), to make once the post is written.
 */
async function followDeal(
  { sdk, db }: Store,
  transaction: Transaction,
  deal: PostDeal,
  postId: string,
  status: DealStatus | undefined,
): Promise<() => void> {
  const ref = sdk.doc(db, DEALS, deal.id);
  const snapshot = await transaction.get(ref);
  const stored = snapshot.exists() ? toDeal(deal.id, snapshot.data()) : null;
  const summary = dealAfterPost(stored, deal.name, postId, status, Date.now());
  return () => {
    if (summary) transaction.set(ref, { ...summary, changed: sdk.serverTimestamp() });
  };
}

function stampInTransaction({ sdk, db }: Store, transaction: Transaction, id: string): void {
  transaction.set(sdk.doc(db, POST_CHANGES, id), { at: sdk.serverTimestamp() });
}

/**
 * Appends atomically, so two fans commenting at once both keep their comment. The same commit
 * writes the comment's moderation copy (comments/{id}) and stamps the account's commenters/{uid}
 * with the server time and that id: the rules allow one comment every few seconds per account,
 * to one post. A refusal within that time rejects with code 'too-soon'.
 */
export async function addComment(
  post: CommentedPost,
  comment: Comment,
  uid: string,
): Promise<void> {
  return call(async (store) => {
    const id = await commentId(post.id, comment);
    const { sdk, db } = store;
    const commit = rateLimited(uid, () =>
      commitWithStamp(store, post.id, (batch) => {
        batch.update(sdk.doc(db, 'posts', post.id), { comments: sdk.arrayUnion(comment) });
        batch.set(sdk.doc(db, COMMENTS, id), {
          postId: post.id,
          postTitle: post.title,
          ...comment,
          uid,
          at: sdk.serverTimestamp(),
          reports: 0,
          reported: false,
        });
        stampCommenter(store, batch, uid, id);
      }),
    );
    await unlessGone(store, post.id, commit);
  });
}

/**
 * A refused comment on a post deleted meanwhile is said as such. Google's engine decides the rules
 * before the batch's `exists` precondition, so the post's write is judged as a create a fan may
 * not make (permission-denied), not NOT_FOUND: one read of the post, only after a refusal, tells.
 */
async function unlessGone(store: Store, postId: string, write: Promise<void>): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (storeErrorCode(error) !== 'permission-denied') throw error;
    const { sdk, db } = store;
    const exists = await sdk.getDoc(sdk.doc(db, 'posts', postId)).then(
      (snapshot) => snapshot.exists(),
      () => true,
    );
    if (!exists) throw new StoreError('not-found', 'The post was deleted.');
    throw error;
  }
}

/** The post a comment goes to: its id, and its title for the moderation copy. */
export interface CommentedPost {
  id: string;
  title: string;
}

/**
 * A fan's report of someone else's comment, once per comment and rate-limited as comments are: the
 * report, the copy's count and the commenter stamp in one commit.
 */
export async function reportComment(
  postId: string,
  comment: Comment,
  reason: ReportReason,
  uid: string,
): Promise<void> {
  return call(async (store) => {
    const id = await commentId(postId, comment);
    const { sdk, db } = store;
    await rateLimited(uid, async () => {
      const batch = sdk.writeBatch(db);
      batch.set(sdk.doc(db, REPORTS, reportId(id, uid)), {
        comment: id,
        uid,
        reason,
        at: sdk.serverTimestamp(),
      });
      batch.update(sdk.doc(db, COMMENTS, id), { reports: sdk.increment(1), reported: true });
      stampCommenter(store, batch, uid, id);
      await batch.commit();
    });
  });
}

function stampCommenter({ sdk, db }: Store, batch: Batch, uid: string, target: string): void {
  batch.set(sdk.doc(db, COMMENTERS, uid), { last: sdk.serverTimestamp(), target });
}

/** Runs a rate-limited commit; a refusal explained by the account's last action says 'too-soon'. */
async function rateLimited(uid: string, commit: () => Promise<void>): Promise<void> {
  try {
    await commit();
  } catch (error) {
    if (storeErrorCode(error) === 'permission-denied' && (await commentedJustNow(uid))) {
      throw new StoreError('too-soon', 'This account commented less than a moment ago.');
    }
    throw error;
  }
}

/** Whether the account's last comment is recent enough that the rate limit explains a refusal. */
async function commentedJustNow(uid: string): Promise<boolean> {
  try {
    const { sdk, db } = await loadStore();
    const last: unknown = (await sdk.getDoc(sdk.doc(db, COMMENTERS, uid))).get('last');
    // Allow for a client clock a few seconds off the server's.
    const window = (LIMITS.commentIntervalSeconds + 5) * 1000;
    return last instanceof sdk.Timestamp && Date.now() - last.toMillis() < window;
  } catch {
    return false;
  }
}

/**
 * Removes a comment (the administrator's any, a fan's own) and, once no copy of it is left, its
 * moderation copy, leaving the others in order. `copies` 'one' (the administrator only) takes one
 * of a comment stored twice: the post is read and written in one transaction, so a comment added
 * meanwhile is kept.
 */
export async function removeComment(
  postId: string,
  comment: Comment,
  copies: RemovedCopies = 'all',
): Promise<void> {
  return call(async (store) => {
    const id = await commentId(postId, comment);
    const { sdk, db } = store;
    const postRef = sdk.doc(db, 'posts', postId);
    if (copies === 'all') {
      await commitWithStamp(store, postId, (batch) => {
        batch.update(postRef, { comments: sdk.arrayRemove(comment) });
        batch.delete(sdk.doc(db, COMMENTS, id));
      });
      return;
    }
    await sdk.runTransaction(db, async (transaction) => {
      const comments = toPost(postId, (await transaction.get(postRef)).data()).comments;
      transaction.update(postRef, { comments: withoutComment(comments, comment, 'one') });
      stampInTransaction(store, transaction, postId);
    });
  });
}

/** The administrator closes a post's comments, or opens them again. */
export async function setCommentsClosed(postId: string, closed: boolean): Promise<void> {
  return call((store) =>
    commitWithStamp(store, postId, (batch) =>
      batch.update(store.sdk.doc(store.db, 'posts', postId), {
        closed: closed ? true : store.sdk.deleteField(),
      }),
    ),
  );
}

/** Deletes a post with the moderation copies of its comments (at most 400: one commit). */
export async function deletePost(id: string): Promise<void> {
  return call(async (store) => {
    const { sdk, db } = store;
    const copies = await readAll(store, COMMENTS, sdk.where('postId', '==', id));
    await commitWithStamp(store, id, (batch) => {
      batch.delete(sdk.doc(db, 'posts', id));
      copies.forEach((copy) => batch.delete(copy.ref));
    });
  });
}

type Constraint = Parameters<Sdk['query']>[1];
type Snapshot = Awaited<ReturnType<Sdk['getDocs']>>['docs'][number];

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

/**
 * Commits a post's writes with the stamp of postChanges/{id} at the server's time, in one batch:
 * the rules refuse a post write without it, and open pages find the change by it (hooks/liveChecks.ts).
 */
export async function commitWithStamp(
  { sdk, db }: Store,
  id: string,
  write: (batch: Batch) => void,
): Promise<void> {
  await retryingContention(() => {
    const batch = sdk.writeBatch(db);
    write(batch);
    batch.set(sdk.doc(db, POST_CHANGES, id), { at: sdk.serverTimestamp() });
    return batch.commit();
  });
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
