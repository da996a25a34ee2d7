import { config, splitHost } from '../config';
import { LIMITS } from '../limits';
import type { CommentSummary } from '../../features/posts/data/commentSummary';
import {
  sameComment,
  summariseComments,
  toComments,
  withoutComment,
  type RemovedCopies,
} from '../../features/comments/data/commentList';
import {
  COMMENTERS,
  COMMENTS,
  REPORTS,
  commentId,
  reportId,
  type ReportReason,
} from '../../features/moderation/data/commentCopies';
import { DEALS, dealAfterPost, toDeal } from '../../features/deals/data/deal';
import type { DealStatus } from '../../features/posts/data/dealStatus';
import {
  toPost,
  type Comment,
  type NewPost,
  type Post,
  type PostDeal,
  type PostEdit,
} from '../../features/posts/data/post';
import { POST_CHANGES } from '../../features/posts/data/postsQuery';
import { StoreError, storeErrorCode } from '../errors/storeError';
import { retryingContention } from './contention';
import { readPost } from '../../features/posts/store/restReads';
import { addedHere, removedHere } from '../../features/comments/state/threadWrites';

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
    const shown = {
      ...input,
      ...(status && { status }),
      ...(deal && { deal: deal.id }),
      ...summariseComments([]),
      created: Date.now(),
    };
    const fields = { ...shown, comments: [] };
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
    return { id: ref.id, ...shown };
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
 * Appends atomically, so fans commenting at once all keep their comment. The same commit writes the
 * comment's moderation copy (comments/{id}), stamps the account's commenters/{uid} with the server
 * time and that id (the rules allow one comment every few seconds per account, to one post; a
 * refusal within that time rejects with code 'too-soon'), and keeps the post's comment summary
 * (commentSummary.ts) true to the list, as the rules require. Resolves with the post's summary
 * after the comment: as read when the post was read to write it, else as the page's view has it.
 */
export async function addComment(
  post: CommentedPost,
  comment: Comment,
  uid: string,
  { onRetry }: { onRetry?: () => void } = {},
): Promise<CommentSummary> {
  return call(async (store) => {
    const id = await commentId(post.id, comment);
    const write: CommentWrite = { post, comment, uid, copyId: id, onRetry };
    const commit = rateLimited(uid, () => appendComment(store, write));
    const summary = await unlessGone(store, post.id, commit);
    addedHere(post.id, comment);
    return summary;
  });
}

/**
 * The summary after a blind append, as the page's view has it (the rules held the server's to
 * the same): one more, and the card's comments while they held every comment and stay few.
 */
function summaryAfterAdding({ commentCount, cardComments }: CommentSummary, comment: Comment) {
  const count = (commentCount ?? 0) + 1;
  const cardHoldsAll = cardComments.length === commentCount;
  return {
    commentCount: count,
    cardComments: cardHoldsAll && count <= LIMITS.cardComments ? [...cardComments, comment] : [],
  };
}

interface CommentWrite {
  post: CommentedPost;
  comment: Comment;
  uid: string;
  /** The moderation copy's id (commentId). */
  copyId: string;
  /** Told when Firestore asked for the commit to be made again (contention). */
  onRetry?: () => void;
}

/** How many times a comment refused for an out-of-date view of its post is made again. */
const VIEW_REFRESHES = 4;

/**
 * Blind, without reading the post, when its summary is known: the list and the count grow on the
 * server (arrayUnion, increment), so fans commenting at once never wait for each other's reads. A
 * short thread's card comments follow the page's view of the post; when other comments made that
 * view out of date the rules refuse, and the post's summary is read again (one small read) and the
 * comment made again from it. A post an older version wrote without a summary is written in a
 * transaction that reads it whole and adds the summary. A refusal with the post as the page saw it
 * is final: it is not about the view (the post is closed, the account suspended or too quick).
 * Resolves with the post's summary after the comment, as far as the page can tell.
 */
async function appendComment(store: Store, write: CommentWrite): Promise<CommentSummary> {
  let view: CommentSummary = write.post;
  for (let attempt = 1; ; attempt += 1) {
    const count = view.commentCount;
    try {
      if (count === null) return await appendAfterReading(store, write);
      await appendBlind(store, write, { commentCount: count, cardComments: view.cardComments });
      return summaryAfterAdding(view, write.comment);
    } catch (error) {
      const dependsOnView = count === null || view.cardComments.length === count;
      if (!dependsOnView || storeErrorCode(error) !== 'permission-denied') throw error;
      if (attempt === VIEW_REFRESHES) throw error;
      const fresh = await readPost(write.post.id);
      if (!fresh) throw new StoreError('not-found', 'The post was deleted.');
      if (sameSummary(fresh, view)) throw error;
      view = fresh;
      write.onRetry?.();
    }
  }
}

function sameSummary(a: CommentSummary, b: CommentSummary): boolean {
  return a.commentCount === b.commentCount && a.cardComments.length === b.cardComments.length;
}

async function appendBlind(
  store: Store,
  write: CommentWrite,
  { commentCount: count, cardComments: card }: { commentCount: number; cardComments: Comment[] },
): Promise<void> {
  const { sdk, db } = store;
  const { post, comment, onRetry } = write;
  const cardHoldsAll = card.length === count;
  const cardComments =
    cardHoldsAll && count < LIMITS.cardComments
      ? { cardComments: sdk.arrayUnion(comment) }
      : cardHoldsAll
        ? { cardComments: [] }
        : {};
  await commitWithStamp(
    store,
    post.id,
    (batch) => {
      batch.update(sdk.doc(db, 'posts', post.id), {
        comments: sdk.arrayUnion(comment),
        commentCount: sdk.increment(1),
        ...cardComments,
      });
      writeCopyAndStamp(store, batch, write);
    },
    onRetry,
  );
}

async function appendAfterReading(store: Store, write: CommentWrite): Promise<CommentSummary> {
  const { sdk, db } = store;
  const ref = sdk.doc(db, 'posts', write.post.id);
  return sdk.runTransaction(db, async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists()) throw new StoreError('not-found', 'The post was deleted.');
    const comments = [...(toComments(snapshot.data()) ?? []), write.comment];
    const summary = summariseComments(comments);
    transaction.update(ref, { comments, ...summary });
    writeCopyAndStamp(store, transaction, write);
    stampInTransaction(store, transaction, write.post.id);
    return summary;
  });
}

/** The comment's moderation copy and the commenter's rate-limit stamp naming it. */
function writeCopyAndStamp(
  { sdk, db }: Store,
  batch: DocumentWriter,
  { post, comment, uid, copyId }: CommentWrite,
): void {
  batch.set(sdk.doc(db, COMMENTS, copyId), {
    postId: post.id,
    postTitle: post.title,
    ...comment,
    uid,
    at: sdk.serverTimestamp(),
    reports: 0,
    reported: false,
  });
  batch.set(sdk.doc(db, COMMENTERS, uid), { last: sdk.serverTimestamp(), target: copyId });
}

/**
 * A refused comment on a post deleted meanwhile is said as such. Google's engine decides the rules
 * before the batch's `exists` precondition, so the post's write is judged as a create a fan may
 * not make (permission-denied), not NOT_FOUND: one read of the post, only after a refusal, tells.
 */
async function unlessGone<T>(store: Store, postId: string, write: Promise<T>): Promise<T> {
  try {
    return await write;
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

/**
 * The post a comment goes to: its id, its title for the moderation copy, and its comment summary
 * as the page read it (a null count: unknown, so the post is read first).
 */
export type CommentedPost = Pick<Post, 'id' | 'title' | 'commentCount' | 'cardComments'>;

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
      batch.set(sdk.doc(db, COMMENTERS, uid), { last: sdk.serverTimestamp(), target: id });
      await batch.commit();
    });
  });
}

/** Runs a rate-limited commit; a refusal explained by the account's last action says 'too-soon'. */
async function rateLimited<T>(uid: string, commit: () => Promise<T>): Promise<T> {
  try {
    return await commit();
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
 * of a comment stored twice. The post is read and written in one transaction, so a comment added
 * meanwhile is kept and the summary beside the list stays true to it. Resolves with that summary.
 */
export async function removeComment(
  postId: string,
  comment: Comment,
  copies: RemovedCopies = 'all',
): Promise<CommentSummary> {
  return call(async (store) => {
    const id = await commentId(postId, comment);
    const { sdk, db } = store;
    const postRef = sdk.doc(db, 'posts', postId);
    const summary = await sdk.runTransaction(db, async (transaction) => {
      const before = toComments((await transaction.get(postRef)).data()) ?? [];
      const comments = withoutComment(before, comment, copies);
      const after = summariseComments(comments);
      transaction.update(postRef, { comments, ...after });
      if (!comments.some((each) => sameComment(each, comment))) {
        transaction.delete(sdk.doc(db, COMMENTS, id));
      }
      stampInTransaction(store, transaction, postId);
      return after;
    });
    removedHere(postId, comment, copies);
    return summary;
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

/** What a batch and a transaction share: setting a document. */
interface DocumentWriter {
  set(ref: ReturnType<Sdk['doc']>, data: Record<string, unknown>): unknown;
}

/**
 * Commits a post's writes with the stamp of postChanges/{id} at the server's time, in one batch:
 * the rules refuse a post write without it, and open pages find the change by it (features/live/state/liveChecks.ts).
 */
export async function commitWithStamp(
  { sdk, db }: Store,
  id: string,
  write: (batch: Batch) => void,
  onRetry?: () => void,
): Promise<void> {
  await retryingContention(() => {
    const batch = sdk.writeBatch(db);
    write(batch);
    batch.set(sdk.doc(db, POST_CHANGES, id), { at: sdk.serverTimestamp() });
    return batch.commit();
  }, onRetry);
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
