/**
 * The commits firestore.rules requires around a comment, through the Lite SDK as the app makes them
 * (src/features/comments/store/commentWrites.ts addComment, removeComment). Adding: the post with
 * the comment appended and its summary kept (commentCount, cardComments), its change stamp, the
 * copy comments/{id} and commenters/{uid} = {last, target: id}, in one commit. Removing: the post
 * without the comment and with its summary, its stamp, and the copy deleted when no copy of the
 * comment stays in the post. Options let an attack leave a piece out or change it.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  arrayUnion,
  doc,
  getDoc,
  increment,
  runTransaction,
  serverTimestamp,
  writeBatch,
  type DocumentData,
  type DocumentReference,
  type Firestore,
} from 'firebase/firestore/lite';
import { LIMITS } from '../../src/shared/limits';
import type { Comment } from '../../src/features/posts/data/post';
import { storeErrorCode } from '../../src/shared/errors/storeError';
import { retryingContention } from '../../src/shared/store/contention';
import { commentCopy } from '../../scripts/lib/commentCopy';
import { toFields } from '../../scripts/lib/ownerClient';
import type { Fields } from '../../scripts/lib/restValue';
import { withSummary, type Harness, type RestResult } from './harness';
import { stampChange } from './stampedWrites';

/** What both a batch and a transaction write with: the extra writes an attack adds to a commit. */
export interface Writes {
  set(ref: DocumentReference, data: DocumentData): unknown;
  update(ref: DocumentReference, data: DocumentData): unknown;
  delete(ref: DocumentReference): unknown;
}

/** A post's comment summary as a page read it; a null count: a post written before it existed. */
export interface KnownSummary {
  commentCount: number | null;
  cardComments: readonly unknown[];
}

export interface AddComment {
  uid: string;
  postId: string;
  /** The post's title, which the copy repeats. */
  postTitle: string;
  comment: Comment;
  /**
   * The post update, written blind in one commit just as given (an attack, or a chosen shape). By
   * default the app's: blind (appendChange) when the summary is known, and when the rules refuse
   * that (a stale summary) or the post has none, the whole list and its summary in a transaction
   * that reads the post first.
   */
  change?: Record<string, unknown>;
  /** The summary the writer's page read (possibly stale); by default the post is read first. */
  known?: KnownSummary;
  /** Fields written over the copy's (an attack), or null to leave the copy out. */
  copy?: Record<string, unknown> | null;
  /** Another target for the stamp, or null to leave the stamp out. */
  target?: string | null;
  /** Other writes in the same commit (another post's comment, say). */
  also?: (writes: Writes) => void;
}

/** The copy's id and fields a comment gets (at = server time). */
export async function copyOf(
  postId: string,
  postTitle: string,
  uid: string,
  comment: Comment,
): Promise<{ id: string; data: Record<string, unknown> }> {
  const { id, fields } = await commentCopy(postId, postTitle, uid, comment);
  return { id, data: { ...fields, at: serverTimestamp() } };
}

/**
 * The app's blind append (src/features/comments/store/commentWrites.ts appendBlind) for a post
 * whose summary was
 * `known`: the comment and one more in the count as transforms, and the card's comments while they
 * held every comment: the comment appended up to LIMITS.cardComments, none from the one after.
 */
export function appendChange(comment: unknown, known: KnownSummary): Record<string, unknown> {
  const count = known.commentCount ?? 0;
  const cardHoldsAll = known.cardComments.length === count;
  const card =
    cardHoldsAll && count < LIMITS.cardComments
      ? { cardComments: arrayUnion(comment) }
      : cardHoldsAll
        ? { cardComments: [] }
        : {};
  return { comments: arrayUnion(comment), commentCount: increment(1), ...card };
}

/** The post's summary as stored now (what a page reading it would know). */
export async function readSummary(db: Firestore, postId: string): Promise<KnownSummary> {
  const data = (await getDoc(doc(db, 'posts', postId))).data() ?? {};
  const count: unknown = data.commentCount;
  const card: unknown = data.cardComments;
  return typeof count === 'number'
    ? { commentCount: count, cardComments: Array.isArray(card) ? card : [] }
    : { commentCount: null, cardComments: [] };
}

export async function addComment(db: Firestore, options: AddComment): Promise<void> {
  const { uid, postId, postTitle, comment } = options;
  const copy = await copyOf(postId, postTitle, uid, comment);
  const post = doc(db, 'posts', postId);
  const rest = (writes: Writes) => {
    stampChange(db, writes, postId);
    if (options.copy !== null) {
      writes.set(doc(db, 'comments', copy.id), { ...copy.data, ...options.copy });
    }
    const target = options.target === undefined ? copy.id : options.target;
    if (target !== null) {
      writes.set(doc(db, 'commenters', uid), { last: serverTimestamp(), target });
    }
    options.also?.(writes);
  };
  // As the app does: a commit aborted by contention (many fans at once) is made again.
  const blind = (change: Record<string, unknown>) =>
    retryingContention(() => {
      const batch = writeBatch(db);
      batch.update(post, change);
      rest(batch);
      return batch.commit();
    });
  if (options.change) return blind(options.change);
  const known = options.known ?? (await readSummary(db, postId));
  if (known.commentCount !== null) {
    try {
      return await blind(appendChange(comment, known));
    } catch (error) {
      if (storeErrorCode(error) !== 'permission-denied') throw error;
    }
  }
  await appendAfterReading(db, post, comment, rest);
}

/** Enough attempts for every fan of the largest crowd here (50) to find its turn. */
const READ_ATTEMPTS = 100;

/**
 * The app's read-then-write append (src/features/comments/store/commentWrites.ts
 * appendAfterReading): in a transaction, the post read, then the whole list with the comment and
 * its summary. Made again while the rules refuse it because the post changed after it was read:
 * Google's engine decides the rules before the transaction's precondition on the read version, so a
 * transaction another commit overtook is refused (permission-denied, its list one short of the
 * stored one) where runTransaction expects a conflict (aborted) to make it again. Each such refusal
 * follows another writer's commit, so a crowd of n fans needs at most n attempts each.
 */
async function appendAfterReading(
  db: Firestore,
  post: DocumentReference,
  comment: Comment,
  rest: (writes: Writes) => void,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    let read: unknown[] = [];
    try {
      return await runTransaction(db, async (transaction) => {
        read = storedComments((await transaction.get(post)).data());
        transaction.update(post, withSummary([...read, comment]));
        rest(transaction);
      });
    } catch (error) {
      const overtaken =
        storeErrorCode(error) === 'permission-denied' &&
        !isDeepStrictEqual(storedComments((await getDoc(post)).data()), read);
      if (!overtaken || attempt === READ_ATTEMPTS) throw error;
    }
  }
}

function storedComments(data: DocumentData | undefined): unknown[] {
  const comments: unknown = data?.comments;
  return Array.isArray(comments) ? comments : [];
}

export interface RemoveComment {
  postId: string;
  comment: Comment;
  /**
   * The post update, written as given. By default the app's: in a transaction that reads the
   * post, the list without every copy of the comment and its summary.
   */
  change?: Record<string, unknown>;
  /** Whether to delete the moderation copy in the same commit (default: yes). */
  deleteCopy?: boolean;
}

export async function removeComment(db: Firestore, options: RemoveComment): Promise<void> {
  const { postId, comment } = options;
  const { id } = await commentCopy(postId, '', '', comment);
  const post = doc(db, 'posts', postId);
  const rest = (writes: Writes) => {
    stampChange(db, writes, postId);
    if (options.deleteCopy ?? true) writes.delete(doc(db, 'comments', id));
  };
  const { change } = options;
  if (change) {
    const batch = writeBatch(db);
    batch.update(post, change);
    rest(batch);
    return batch.commit();
  }
  await runTransaction(db, async (transaction) => {
    const comments = storedComments((await transaction.get(post)).data());
    transaction.update(post, withSummary(comments.filter((each) => !sameComment(each, comment))));
    rest(transaction);
  });
}

const COMMENT_KEYS: (keyof Comment)[] = ['user', 'text', 'date'];

/** Whether `item` is `comment`, field for field (as arrayRemove compares). */
export function sameComment(item: unknown, comment: Comment): boolean {
  return (
    typeof item === 'object' &&
    item !== null &&
    Object.keys(item).length === 3 &&
    COMMENT_KEYS.every((key) => Reflect.get(item, key) === comment[key])
  );
}

export interface RestComment {
  /** The caller's mock ID token (harness unsignedToken). */
  token: string;
  uid: string;
  postId: string;
  postTitle: string;
  comment: Comment;
  /** The post's fields this commit writes (an update of just these), in REST's encoding. */
  post: Fields;
}

/**
 * A comment's commit as raw REST JSON (documents:commit), for what the Lite SDK cannot send: a
 * double that is a whole number (the SDK sends 3.0 as the integer 3), a key named __proto__.
 * The same four writes as addComment: the post's fields, its stamp, the copy and commenters/{uid}.
 */
export async function restComment(harness: Harness, options: RestComment): Promise<RestResult> {
  const { postId, postTitle, uid, comment } = options;
  const { id, fields } = await commentCopy(postId, postTitle, uid, comment);
  const now = (fieldPath: string) => [{ fieldPath, setToServerValue: 'REQUEST_TIME' }];
  const writes = [
    {
      update: { name: harness.name(`posts/${postId}`), fields: options.post },
      updateMask: { fieldPaths: Object.keys(options.post) },
      currentDocument: { exists: true },
    },
    {
      update: { name: harness.name(`postChanges/${postId}`), fields: {} },
      updateTransforms: now('at'),
    },
    {
      update: { name: harness.name(`comments/${id}`), fields: toFields(fields) },
      updateTransforms: now('at'),
    },
    {
      update: { name: harness.name(`commenters/${uid}`), fields: toFields({ target: id }) },
      updateTransforms: now('last'),
    },
  ];
  return harness.rest('commit', { writes }, { token: options.token });
}
