import { POSTS, POST_CHANGES } from '../../../shared/collections';
import { StoreError, storeErrorCode } from '../../../shared/errors/storeError';
import { retryingContention } from '../../../shared/store/contention';
import { postStamp } from '../../../shared/store/postStamp';
import type { Batch, Store } from '../../../shared/store/firestoreWrites';
import type { Comment } from '../../../shared/posts/post';
import { COMMENTS, THREAD, commentId } from '../../comments/data/commentCopies';
import { count, repliesMoved } from './commentCommits';

/**
 * The one recipe for removing a comment or a reply (firestore.rules, posts/{postId}/comments),
 * beside the one for adding it (./commentCommits.ts), on the app's database or a test's.
 */

/** What a removal took away: the comment, counted by the post's summary or by a counter. */
export interface CommentRemoved {
  /** Null: the comment was not in the thread (already removed, or its post deleted). */
  countedBy: 'summary' | 'counter' | null;
  /** Whether it left a removed mark in its place (it has replies, which stay). */
  markLeft: boolean;
  /** A reply's: the id of the comment it answered; null for a comment. */
  replyTo: string | null;
}

/** How many times a removal refused because a reply came or went meanwhile is made again. */
const REPLY_RACES = 2;

/**
 * Removes a comment (the administrator's any, a fan's own) with its moderation copy: its document
 * is read (one read) to know what counts it, then removed in one commit with that count. A comment
 * with replies leaves a removed mark, its replies staying; a reply moves its comment's count of
 * replies. A comment whose post was deleted leaves its copy and document with nothing to uncount.
 * A comment still in a list of an earlier version is refused: `npm run comments:migrate` moves such
 * lists first.
 */
export async function commitRemoval(
  store: Store,
  postId: string,
  comment: Comment,
): Promise<CommentRemoved> {
  const { sdk, db } = store;
  const id = await commentId(postId, comment);
  const ref = sdk.doc(db, POSTS, postId, THREAD, id);
  for (let attempt = 1; ; attempt += 1) {
    const stored = await sdk.getDoc(ref);
    try {
      return await removeStored(store, postId, comment, id, stored);
    } catch (error) {
      const code = storeErrorCode(error);
      if (code !== 'permission-denied' && code !== 'not-found') throw error;
      // Refused: the post may be gone (nothing left to count), or hold the comment in a list of
      // an earlier version, or a reply came or went since the read. One read of the post tells.
      const post = await sdk.getDoc(sdk.doc(db, POSTS, postId));
      if (!post.exists()) return removeUncounted(store, id, stored);
      if (isListed(post.get('comments'), comment)) throw listedRefusal();
      const again = await sdk.getDoc(ref);
      if (attempt === REPLY_RACES || repliesOf(again) === repliesOf(stored)) throw error;
    }
  }
}

async function removeStored(
  store: Store,
  postId: string,
  comment: Comment,
  id: string,
  stored: StoredDocument,
): Promise<CommentRemoved> {
  const { sdk, db } = store;
  if (!stored.exists() || stored.get('removed') === true) {
    await sdk.deleteDoc(sdk.doc(db, COMMENTS, id));
    // No document: already removed, or still in a list of an earlier version, whose comments
    // may have no copy to refuse the deletion above. One read of the post tells.
    const post = await sdk.getDoc(sdk.doc(db, POSTS, postId));
    if (post.exists() && isListed(post.get('comments'), comment)) throw listedRefusal();
    return { countedBy: null, markLeft: false, replyTo: null };
  }
  const shard: unknown = stored.get('shard');
  const markLeft = repliesOf(stored) > 0;
  await retryingContention(() => {
    const batch = sdk.writeBatch(db);
    take(store, batch, postId, id, stored);
    if (typeof shard === 'number') {
      count(store, batch, postId, shard, id, -1);
      // A removal always stamps, naming the comment, so open pages drop it at their next check.
      batch.set(
        sdk.doc(db, POST_CHANGES, postId),
        { at: sdk.serverTimestamp(), comment: id },
        { merge: true },
      );
    } else {
      batch.update(sdk.doc(db, POSTS, postId), {
        commentCount: sdk.increment(-1),
        cardComments: sdk.arrayRemove(comment),
      });
      batch.set(sdk.doc(db, POST_CHANGES, postId), postStamp(sdk, id));
    }
    return batch.commit();
  });
  const replyTo: unknown = stored.get('replyTo');
  return {
    countedBy: typeof shard === 'number' ? 'counter' : 'summary',
    markLeft,
    replyTo: typeof replyTo === 'string' ? replyTo : null,
  };
}

/**
 * The comment's document goes (or, with replies, becomes a removed mark: no author, no text), with
 * its moderation copy, and a reply's comment counts one reply fewer.
 */
function take(store: Store, batch: Batch, postId: string, id: string, stored: StoredDocument) {
  const { sdk, db } = store;
  const ref = sdk.doc(db, POSTS, postId, THREAD, id);
  if (repliesOf(stored) > 0) {
    const gone = sdk.deleteField();
    batch.update(ref, { user: gone, text: gone, date: gone, removed: true });
  } else {
    batch.delete(ref);
  }
  batch.delete(sdk.doc(db, COMMENTS, id));
  const replyTo: unknown = stored.get('replyTo');
  if (typeof replyTo === 'string') {
    batch.update(sdk.doc(db, POSTS, postId, THREAD, replyTo), repliesMoved(store, id, -1));
  }
}

/** A comment of a post deleted meanwhile: nothing is left to count. */
async function removeUncounted(
  store: Store,
  id: string,
  stored: StoredDocument,
): Promise<CommentRemoved> {
  const { sdk, db } = store;
  const batch = sdk.writeBatch(db);
  if (stored.exists()) batch.delete(stored.ref);
  batch.delete(sdk.doc(db, COMMENTS, id));
  await batch.commit();
  return { countedBy: null, markLeft: false, replyTo: null };
}

type StoredDocument = Awaited<ReturnType<Store['sdk']['getDoc']>>;

function repliesOf(stored: StoredDocument): number {
  const replies: unknown = stored.get('replies');
  return typeof replies === 'number' ? replies : 0;
}

/** Whether a post's `comments` (a list of an earlier version, when there is one) holds it. */
function isListed(listed: unknown, comment: Comment): boolean {
  return Array.isArray(listed) && listed.some((each) => sameComment(each, comment));
}

function listedRefusal(): StoreError {
  return new StoreError(
    'old-thread',
    'This comment is in a list of an earlier version: run npm run comments:migrate first.',
  );
}

function sameComment(value: unknown, { user, text, date }: Comment): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const fields: Record<string, unknown> = { ...value };
  return fields.user === user && fields.text === text && fields.date === date;
}
