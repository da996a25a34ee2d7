import { config } from '../../../shared/config';
import { runQueryDocuments } from '../../../shared/rest/restDecode';
import { documentsRoot } from '../../../shared/posts/postsQuery';
import { postRestUnder } from '../../../shared/posts/restReads';
import { THREAD } from '../data/commentCopies';
import { THREAD_PAGE, mostLikedQuery, threadQuery } from '../data/threadQueries';
import { readLikeCounters } from './likeReads';
import { pendingLikes } from './likeState';
import { orderedThread, setOrdered, type OrderedThread, type OtherOrder } from './orderedThreads';
import { toEntry } from './threadDecode';
import type { ThreadEntry } from './threadState';

/**
 * The next THREAD_PAGE comments of the post's thread in `order` (one read a comment, one when
 * none): 'Oldest' from its first comment on; 'Most liked' its liked comments, the most liked first,
 * then the others, newest first (a liked one met again there is skipped: its read is the price).
 */
export async function readOrderedPage(postId: string, order: OtherOrder): Promise<void> {
  const before = orderedThread(postId, order) ?? { entries: [], complete: false, reading: null };
  if (before.complete || before.reading === 'loading') return;
  setOrdered(postId, order, { ...before, reading: 'loading' });
  void readLikeCounters(postId);
  try {
    setOrdered(postId, order, await nextPage(postId, order, before));
  } catch (error) {
    console.warn('Could not read the comments', error);
    setOrdered(postId, order, { ...(orderedThread(postId, order) ?? before), reading: 'failed' });
  }
}

async function nextPage(
  postId: string,
  order: OtherOrder,
  before: OrderedThread,
): Promise<OrderedThread> {
  const root = documentsRoot(config.firebase.projectId);
  const name = (entry: ThreadEntry) => `${root}/posts/${postId}/${THREAD}/${entry.id}`;
  const cursor = (entry: ThreadEntry | null | undefined) =>
    entry ? { at: entry.at, name: name(entry) } : undefined;
  const read = (query: Record<string, unknown>) =>
    postRestUnder(`posts/${postId}`, 'runQuery', query, (json) =>
      runQueryDocuments(json).flatMap(toEntry),
    );
  const last = before.entries.at(-1);
  if (order === 'oldest') {
    const page = await read(threadQuery('ASCENDING', cursor(last)));
    return {
      entries: [...before.entries, ...page],
      complete: page.length < THREAD_PAGE,
      reading: null,
    };
  }
  if (before.restFrom === undefined) {
    const from = last && { likes: last.likes ?? 0, at: last.at, name: name(last) };
    const [page] = await Promise.all([read(mostLikedQuery(from)), readLikeCounters(postId)]);
    // The query orders by each comment's own count; a busy comment's counters hold the rest, so
    // the page is ordered again by the whole count (the next page may still hold one liked more).
    const total = (entry: ThreadEntry) =>
      (entry.likes ?? 0) + (pendingLikes(postId, entry.id)?.sum ?? 0);
    page.sort((a, b) => total(b) - total(a));
    const liked = { entries: [...before.entries, ...page], complete: false, reading: null };
    // Past the liked comments, the page fills up with the others at once.
    return page.length < THREAD_PAGE ? rest({ ...liked, restFrom: null }) : liked;
  }
  return rest(before);

  async function rest(thread: OrderedThread): Promise<OrderedThread> {
    const page = await read(threadQuery('DESCENDING', cursor(thread.restFrom)));
    const known = new Set(thread.entries.map((entry) => entry.id));
    return {
      entries: [...thread.entries, ...page.filter((entry) => !known.has(entry.id))],
      complete: page.length < THREAD_PAGE,
      reading: null,
      restFrom: page.at(-1) ?? thread.restFrom,
    };
  }
}
