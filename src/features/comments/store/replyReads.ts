import { config } from '../../../shared/config';
import { decodeBatch } from '../../../shared/rest/batchGet';
import { runQueryDocuments } from '../../../shared/rest/restDecode';
import { documentsRoot } from '../../../shared/posts/postsQuery';
import { postRest, postRestUnder } from '../../../shared/posts/restReads';
import { THREAD } from '../data/commentCopies';
import { REPLIES_SHOWN, THREAD_PAGE, repliesQuery } from '../data/threadQueries';
import { NO_REPLIES, heldReplies, replyParentOf, setReplies } from './replyState';
import { toEntry, type AddedEntry } from './threadDecode';
import {
  commentsPostedHere,
  heldThread,
  setThread,
  threadReading,
  type ThreadEntry,
} from './threadState';

/**
 * The reads of replies (loaded with the first asked for): a comment's first REPLIES_SHOWN, then
 * THREAD_PAGE at a time after the last one read; one read a reply (one when there are none).
 */
export async function readReplyPage(postId: string, commentId: string): Promise<void> {
  const now = heldReplies(commentId);
  const known = now?.entries ?? [];
  const last = known.findLast((entry) => entry.at !== '');
  const limit = last ? THREAD_PAGE : REPLIES_SHOWN;
  const root = documentsRoot(config.firebase.projectId);
  const from = last && { at: last.at, name: `${root}/posts/${postId}/${THREAD}/${last.id}` };
  try {
    const page = await postRestUnder(
      `posts/${postId}`,
      'runQuery',
      repliesQuery(commentId, limit, from),
      (json) => runQueryDocuments(json).flatMap(toEntry),
    );
    // Replies this page added meanwhile are among those read, or come after them.
    const read = new Set(page.map((entry) => entry.id));
    const current = heldReplies(commentId)?.entries ?? known;
    const kept = current.filter((entry) => entry.at !== '' || !read.has(entry.id));
    const before = kept.filter((entry) => entry.at !== '');
    const added = kept.filter((entry) => entry.at === '');
    setReplies(commentId, {
      entries: [...before, ...page, ...added],
      complete: page.length < limit,
      reading: null,
    });
  } catch (error) {
    console.warn('Could not read the replies', error);
    const current = heldReplies(commentId);
    setReplies(commentId, {
      entries: current?.entries ?? known,
      complete: false,
      reading: 'failed',
    });
  }
}

/**
 * Replies an open thread's live check read (./threadReads.ts readAdded), each added under its
 * comment when that comment shows here.
 */
export function showAddedReplies(postId: string, added: readonly AddedEntry[]): void {
  for (const { entry, replyTo } of added) {
    const shown = heldThread(postId);
    const parent = shown?.entries.find((each) => each.id === replyTo);
    if (!shown || !replyTo || !parent) continue;
    const held = heldReplies(replyTo) ?? NO_REPLIES;
    if (held.entries.some((each) => each.id === entry.id)) continue;
    // Shown at once when the page holds all the comment's replies before it; else 'N replies'
    // reads it in its place, after the ones between.
    if (held.complete || held.entries.length >= (parent.replies ?? 0)) {
      setReplies(replyTo, { ...held, entries: [...held.entries, entry] });
    }
    const entries = shown.entries.map((each) =>
      each === parent ? { ...each, replies: (each.replies ?? 0) + 1 } : each,
    );
    setThread(postId, { ...shown, entries }, commentsPostedHere(postId), threadReading(postId));
  }
}

/**
 * A reply a live check's stamp names (`id`), when the page shows it: gone when removed elsewhere,
 * and its comment counts one fewer (one read).
 */
export async function dropRemovedReply(postId: string, id: string): Promise<void> {
  const replyTo = replyParentOf(id);
  if (replyTo === undefined) return;
  const [reply] = await readThreadDocuments(postId, [id]);
  const held = heldReplies(replyTo);
  const shown = heldThread(postId);
  if (reply || !held || !shown) return;
  setReplies(replyTo, { ...held, entries: held.entries.filter((entry) => entry.id !== id) });
  const entries = shown.entries.map((entry) =>
    entry.id === replyTo ? { ...entry, replies: Math.max(0, (entry.replies ?? 0) - 1) } : entry,
  );
  setThread(postId, { ...shown, entries }, commentsPostedHere(postId), threadReading(postId));
}

/** Thread documents by id, as entries (one read each). */
async function readThreadDocuments(postId: string, ids: readonly string[]): Promise<ThreadEntry[]> {
  const root = documentsRoot(config.firebase.projectId);
  const documents = ids.map((each) => `${root}/posts/${postId}/${THREAD}/${each}`);
  const got = await postRest('batchGet', { documents }, (json) => decodeBatch(json, toEntry));
  return got.found.flat();
}
