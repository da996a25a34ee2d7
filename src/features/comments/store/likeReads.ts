import { isRecord, runQueryDocuments, type RestDocument } from '../../../shared/rest/restDecode';
import { postRestUnder } from '../../../shared/posts/restReads';
import { THREAD_PAGE, likeCountersQuery, type LikeCounterCursor } from '../data/threadQueries';
import { countersRead, setPending, type PendingLikes } from './likeState';

/**
 * The reads of a thread's like counters that hold likes (public, over REST: one read a counter, one
 * when none), with the thread's first page: no write code comes with them (./ownLikeReads.ts).
 */

interface CounterRead {
  comment: string;
  shard: number;
  n: number;
  name: string;
}

/**
 * Every like counter of the post's thread that holds likes, by comment, once a page (the thread's
 * first read asks). A failed read leaves the counts at the comments' own.
 */
export function readLikeCounters(postId: string): Promise<void> {
  let read = reads.get(postId);
  if (!read || !countersRead(postId)) {
    setPending(postId, new Map());
    read = readCounters(postId).then(
      (byComment) => setPending(postId, byComment),
      (error: unknown) => console.warn('Could not read the likes', error),
    );
    reads.set(postId, read);
  }
  return read;
}

/** Each post's read of its counters, once a page (forgetLikes starts anew). */
const reads = new Map<string, Promise<void>>();

async function readCounters(postId: string): Promise<Map<string, PendingLikes>> {
  const counters: CounterRead[] = [];
  for (let from: LikeCounterCursor | undefined; ;) {
    const page = await postRestUnder(
      `posts/${postId}`,
      'runQuery',
      likeCountersQuery(from),
      (json) => runQueryDocuments(json).flatMap(toCounter),
    );
    counters.push(...page);
    const last = page.at(-1);
    if (page.length < THREAD_PAGE || !last) break;
    from = { n: last.n, name: last.name };
  }
  const byComment = new Map<string, PendingLikes>();
  for (const { comment, shard, n } of counters) {
    const before = byComment.get(comment) ?? { sum: 0, holding: null };
    // The counter a like counted on the comment moves: the one holding the most.
    const holding = n > 0 && n > (before.holding?.n ?? 0) ? { shard, n } : before.holding;
    byComment.set(comment, { sum: before.sum + n, holding });
  }
  return byComment;
}

function toCounter({ name, fields }: RestDocument): CounterRead[] {
  const comment = isRecord(fields.comment) ? fields.comment.stringValue : undefined;
  const shard = isRecord(fields.shard) ? Number(fields.shard.integerValue) : NaN;
  const n = isRecord(fields.n) ? Number(fields.n.integerValue) : NaN;
  if (typeof comment !== 'string' || !Number.isSafeInteger(shard) || !Number.isSafeInteger(n)) {
    return [];
  }
  return [{ comment, shard, n, name }];
}
