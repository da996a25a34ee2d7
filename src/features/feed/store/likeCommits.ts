import { POSTS, POST_CHANGES } from '../../../shared/collections';
import { LIMITS } from '../../../shared/limits';
import { storeErrorCode } from '../../../shared/errors/storeError';
import { retryingContention } from '../../../shared/store/contention';
import { postStamp } from '../../../shared/store/postStamp';
import type { Batch, Store } from '../../../shared/store/firestoreWrites';
import { LIKES, LIKE_COUNTERS, THREAD, likeId } from '../../comments/data/commentCopies';
import type { LikeCountedBy, LikeFold } from '../data/writes';

/**
 * The one recipe for a like (firestore.rules posts/{postId}/likes): the app's writes run it on the
 * app's database, the rules tests, seeds and benches on one of their own. A fan's like of a comment
 * or reply is one document, made and taken back (`liked`), counted in the same commit by one of:
 * - the comment's own `likes` (what 'Most liked' orders by) when the page saw it quiet for 10
 *   seconds; such a commit also moves one of its like counters into `likes` when the page knows one
 *   that holds likes. The rules allow it at most once a second, so a busy comment's document takes
 *   at most 10 writes in 10 seconds whatever a page does;
 * - else one of its 64 like counters, picked at random. Every like's rules read the comment, so on
 *   a busy comment they go to counters, not all to the one document everyone reads (Google's
 *   emulator locks it for each such commit, and times out a queue of them).
 * The first like on a post whose card shows its comments inline marks the post, as a reply does:
 * inline comments show no likes, the thread does.
 */

/** The liked comment as the page read it. */
export interface LikeView {
  /** When its own count last moved (milliseconds), or null: never. */
  likedAt: number | null;
  /** One of its like counters that holds likes, as read: the next like counted on it moves them. */
  pending: LikeFold | null;
  /** The post's count, to keep when this like marks the post; absent: the post is marked. */
  unmarkedCount?: number;
}

export interface LikeWrite {
  postId: string;
  /** The thread document's id (a comment's or a reply's). */
  commentId: string;
  uid: string;
  /** True: like it; false: take the like back. */
  liked: boolean;
  view: LikeView;
  /** Told when the commit is made again. */
  onRetry?: () => void;
  /** The counter, when one counts it; by default one at random. */
  shard?: number;
  /** Where it is counted, one way only; by default the comment when free, else a counter. */
  countedBy?: LikeCountedBy;
}

export type { LikeCountedBy };

/** A comment whose count moved within this long is busy: its likes go to counters. */
const QUIET_MS = 10_000;

/** Where a like was counted, and the counter it moved into the comment's count, if any. */
export interface LikeCommitted {
  countedBy: LikeCountedBy;
  folded: LikeFold | null;
}

/**
 * Makes or takes back a like: on the comment's own count when the page's view says it is free,
 * else (or when the rules refuse that) on a counter. A refusal there is final: the comment is the
 * fan's own, removed, or the like already as asked.
 */
export async function commitLike(store: Store, write: LikeWrite): Promise<LikeCommitted> {
  const { likedAt, pending } = write.view;
  if (write.countedBy) {
    const folded = write.countedBy === 'comment' ? pending : null;
    await commitOn(store, write, write.countedBy, folded);
    return { countedBy: write.countedBy, folded };
  }
  if (likedAt === null || Date.now() - likedAt >= QUIET_MS) {
    try {
      await commitOn(store, write, 'comment', pending);
      return { countedBy: 'comment', folded: pending };
    } catch (error) {
      if (storeErrorCode(error) !== 'permission-denied') throw error;
      write.onRetry?.();
    }
  }
  // Refused on the comment, the page's view was old: another like took the second, or marked the
  // post, or the counter to move is already moved.
  await commitOn(
    store,
    { ...write, view: { ...write.view, unmarkedCount: undefined } },
    'counter',
    null,
  );
  return { countedBy: 'counter', folded: null };
}

function commitOn(
  store: Store,
  write: LikeWrite,
  countedBy: LikeCountedBy,
  fold: LikeView['pending'],
): Promise<void> {
  const { sdk, db } = store;
  const { postId, commentId, uid, liked } = write;
  const step = liked ? 1 : -1;
  const shard =
    countedBy === 'counter'
      ? (write.shard ?? Math.floor(Math.random() * LIMITS.likeCounters))
      : undefined;
  return retryingContention(() => {
    const batch = sdk.writeBatch(db);
    batch.set(sdk.doc(db, POSTS, postId, LIKES, likeId(commentId, uid)), {
      user: uid,
      comment: commentId,
      liked,
      at: sdk.serverTimestamp(),
      ...(shard !== undefined && { shard }),
    });
    if (shard === undefined) countOnComment(store, batch, write, step, fold);
    else moveCounter(store, batch, postId, commentId, shard, { n: sdk.increment(step) });
    const count = write.view.unmarkedCount;
    if (count !== undefined) {
      batch.update(sdk.doc(db, POSTS, postId), {
        moreComments: true,
        cardComments: [],
        commentCount: count,
      });
      batch.set(sdk.doc(db, POST_CHANGES, postId), postStamp(sdk, commentId));
    }
    return batch.commit();
  }, write.onRetry);
}

/** The comment's own count moves, with the likes of counter `fold` moved into it (set to 0). */
function countOnComment(
  store: Store,
  batch: Batch,
  { postId, commentId }: LikeWrite,
  step: number,
  fold: LikeView['pending'],
): void {
  const { sdk, db } = store;
  batch.update(sdk.doc(db, POSTS, postId, THREAD, commentId), {
    likes: sdk.increment(step + (fold?.n ?? 0)),
    likedAt: sdk.serverTimestamp(),
    likeFold: fold?.shard ?? -1,
  });
  if (fold) moveCounter(store, batch, postId, commentId, fold.shard, { n: 0 });
}

function moveCounter(
  { sdk, db }: Store,
  batch: Batch,
  postId: string,
  commentId: string,
  shard: number,
  change: { n: unknown },
): void {
  batch.set(
    sdk.doc(db, POSTS, postId, LIKE_COUNTERS, `${commentId}_${shard}`),
    { comment: commentId, shard, ...change },
    { merge: true },
  );
}

/**
 * A like's view read from the store (the comment, its post and up to 50 of its counters), for
 * writers that hold no page: the tests, seeds and benches. null: the comment is gone.
 */
export async function readLikeView(
  store: Store,
  postId: string,
  commentId: string,
): Promise<LikeView | null> {
  const { sdk, db } = store;
  const [comment, post, counters] = await Promise.all([
    sdk.getDoc(sdk.doc(db, POSTS, postId, THREAD, commentId)),
    sdk.getDoc(sdk.doc(db, POSTS, postId)),
    sdk.getDocs(
      sdk.query(
        sdk.collection(db, POSTS, postId, LIKE_COUNTERS),
        sdk.where('comment', '==', commentId),
        sdk.limit(LIMITS.queryLimit),
      ),
    ),
  ]);
  if (!comment.exists()) return null;
  const likedAt: unknown = comment.get('likedAt');
  const holding = counters.docs.find((counter) => counter.get('n') !== 0);
  const count: unknown = post.get('commentCount');
  return {
    likedAt: likedAt instanceof sdk.Timestamp ? likedAt.toMillis() : null,
    pending: holding ? { shard: Number(holding.get('shard')), n: Number(holding.get('n')) } : null,
    ...(post.get('moreComments') !== true && { unmarkedCount: Number(count ?? 0) }),
  };
}
