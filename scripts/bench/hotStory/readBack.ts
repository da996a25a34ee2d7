/**
 * What the store holds after the run, read as the app's readers may: the thread a page of 50 at a
 * time in its order (`at`) by a signed-out reader, the count as a page computes it (the post's
 * commentCount plus one sum over the counters), and the moderation copies as the administrator
 * lists them (pages of 50).
 */
import {
  COMMENTS,
  COUNTERS,
  THREAD,
  commentId,
} from '../../../src/features/comments/data/commentCopies';
import type { QueryDocumentSnapshot } from 'firebase/firestore/lite';
import type { Comment } from '../../../src/shared/posts/post';
import { POSTS } from '../../../src/shared/collections';
import { LIMITS } from '../../../src/shared/limits';
import type { Store } from '../../../src/shared/store/firestoreWrites';

type Constraint = Parameters<Store['sdk']['query']>[1];

export interface Stored {
  /** The thread's documents, in the thread's order. */
  thread: { id: string; comment: Comment; at: number; shard: number | null }[];
  pages: number;
  post: { commentCount: number; moreComments: boolean; cardComments: number };
  /** The counters' sum, as one aggregation reads it. */
  countersSum: number;
  /** The copies of the post's comments in comments/. */
  copies: number;
}

export interface Checked {
  /** Pressed comments found exactly once in the thread. */
  kept: number;
  /** Pressed comments found more than once. */
  duplicates: number;
  /** Pressed comments that resolved but are not in the thread. */
  missing: number;
  /** Thread documents no press made. */
  strangers: number;
  /**
   * Refused presses whose comment is in the thread all the same: the engine committed it after the
   * gate had answered DEADLINE_EXCEEDED. The write log misses their commits.
   */
  landedUnseen: number;
  /** When each kept comment was committed (its `at`), by thread document id. */
  committedAt: Map<string, number>;
}

/** A Timestamp as ms, to the microsecond (its nanoseconds kept as a fraction). */
export function millis(value: unknown, sdk: Store['sdk']): number {
  if (!(value instanceof sdk.Timestamp)) throw new Error(`Not a timestamp: ${String(value)}`);
  return value.seconds * 1000 + value.nanoseconds / 1e6;
}

export async function readStored(reader: Store, admin: Store, postId: string): Promise<Stored> {
  const { sdk, db } = reader;
  const { docs, pages } = await pagesOf(reader, [POSTS, postId, THREAD], sdk.orderBy('at'));
  const thread = docs.map((doc) => {
    const { user, text, date, at, shard } = doc.data();
    return {
      id: doc.id,
      comment: { user, text, date },
      at: millis(at, sdk),
      shard: typeof shard === 'number' ? shard : null,
    };
  });
  const post = (await sdk.getDoc(sdk.doc(db, POSTS, postId))).data() ?? {};
  const counters = sdk.collection(db, POSTS, postId, COUNTERS);
  const sum = await sdk.getAggregate(sdk.query(counters), { n: sdk.sum('n') });
  const copies = await pagesOf(
    admin,
    [COMMENTS],
    admin.sdk.where('postId', '==', postId),
    admin.sdk.orderBy(admin.sdk.documentId()),
  );
  return {
    thread,
    pages,
    post: {
      commentCount: Number(post.commentCount),
      moreComments: post.moreComments === true,
      cardComments: Array.isArray(post.cardComments) ? post.cardComments.length : -1,
    },
    countersSum: sum.data().n,
    copies: copies.docs.length,
  };
}

/** Every document of a collection, LIMITS.queryLimit at a time from the last one read. */
export async function pagesOf(
  { sdk, db }: Store,
  path: [string, ...string[]],
  ...constraints: Constraint[]
): Promise<{ docs: QueryDocumentSnapshot[]; pages: number }> {
  const docs: QueryDocumentSnapshot[] = [];
  for (let pages = 1; ; pages += 1) {
    const last = docs.at(-1);
    const page = await sdk.getDocs(
      sdk.query(
        sdk.collection(db, ...path),
        ...constraints,
        ...(last ? [sdk.startAfter(last)] : []),
        sdk.limit(LIMITS.queryLimit),
      ),
    );
    docs.push(...page.docs);
    if (page.docs.length < LIMITS.queryLimit) return { docs, pages };
  }
}

/** Each comment a press made, against the thread: once each, and nothing else. */
export async function checkThread(
  postId: string,
  pressed: readonly { comment: Comment; refused: boolean }[],
  stored: Stored,
): Promise<Checked> {
  const found = new Map<string, number>();
  for (const { id } of stored.thread) found.set(id, (found.get(id) ?? 0) + 1);
  const committedAt = new Map(stored.thread.map(({ id, at }) => [id, at]));
  let kept = 0;
  let duplicates = 0;
  let missing = 0;
  let landedUnseen = 0;
  const ids = new Set<string>();
  for (const { comment, refused } of pressed) {
    const id = await commentId(postId, comment);
    ids.add(id);
    const times = found.get(id) ?? 0;
    if (refused && times > 0) landedUnseen += 1;
    if (times === 1) kept += 1;
    else if (times > 1) duplicates += 1;
    else missing += 1;
  }
  const strangers = stored.thread.filter(({ id }) => !ids.has(id)).length;
  return { kept, duplicates, missing, strangers, landedUnseen, committedAt };
}
