import {
  COMMENTS,
  COUNTERS,
  THREAD,
  commentId,
} from '../../src/features/comments/data/commentCopies';
import { commentCopy, threadComment } from '../../src/features/feed/store/commentCommits';
import type { Comment } from '../../src/shared/posts/post';
import { POSTS } from '../../src/shared/collections';
import { LIMITS } from '../../src/shared/limits';
import { toFields, type OwnerClient } from '../lib/ownerClient';

/** A seeded comment: what it says, when it was written (the thread's order) and by whom. */
export interface SeededComment {
  comment: Comment;
  at: Date;
  uid: string;
}

/** The post's comment fields as the seeded thread leaves them (firestore.rules, posts). */
export interface SeededSummary {
  comments: [];
  commentCount: number;
  cardComments: Comment[];
  moreComments?: true;
}

export interface SeededThread {
  summary: SeededSummary;
  /** The thread's documents, their moderation copies and counters, as owner REST writes. */
  writes: Record<string, unknown>[];
}

/**
 * A post's comments in the layout the app's recipe (commentCommits.ts) leaves them, written as the
 * owner at once rather than one commit each: a thread document and a moderation copy per distinct
 * comment (a comment listed twice is one document: its id is its hash), `at` its own time. While
 * there are at most LIMITS.cardComments, the post's summary counts them and shows them on its card;
 * beyond, the post counts the first ones (as if the mark came with the next), and the rest are
 * spread over the 64 counters, each naming the last comment it counts.
 */
export async function seededThread(
  client: OwnerClient,
  postId: string,
  postTitle: string,
  comments: readonly SeededComment[],
): Promise<SeededThread> {
  const distinct = new Map<string, SeededComment>();
  for (const seeded of comments) {
    const id = await commentId(postId, seeded.comment);
    if (!distinct.has(id)) distinct.set(id, seeded);
  }
  const summed = distinct.size <= LIMITS.cardComments;
  const writes: Record<string, unknown>[] = [];
  const counters = new Map<number, { n: number; last: string }>();
  [...distinct].forEach(([id, { comment, at, uid }], index) => {
    // Counter-counted from the first comment the summary cannot hold, round the 64 counters.
    const beyond = index - LIMITS.cardComments;
    const shard = summed || beyond < 0 ? undefined : beyond % LIMITS.commentCounters;
    writes.push(
      {
        update: {
          name: client.name(`${POSTS}/${postId}/${THREAD}/${id}`),
          fields: toFields(threadComment(comment, at, shard)),
        },
      },
      {
        update: {
          name: client.name(`${COMMENTS}/${id}`),
          fields: toFields(commentCopy({ postId, postTitle, comment, uid }, at)),
        },
      },
    );
    if (shard !== undefined)
      counters.set(shard, { n: (counters.get(shard)?.n ?? 0) + 1, last: id });
  });
  for (const [shard, counter] of counters) {
    const name = client.name(`${POSTS}/${postId}/${COUNTERS}/${shard}`);
    writes.push({ update: { name, fields: toFields(counter) } });
  }
  const listed = [...distinct.values()].map(({ comment }) => comment);
  const summary: SeededSummary = summed
    ? { comments: [], commentCount: listed.length, cardComments: listed }
    : { comments: [], commentCount: LIMITS.cardComments, cardComments: [], moreComments: true };
  return { summary, writes };
}
