import { config } from '../../../shared/config';
import { runQueryDocuments } from '../../../shared/rest/restDecode';
import { documentsRoot } from '../../../shared/posts/postsQuery';
import { postRestUnder } from '../../../shared/posts/restReads';
import { THREAD } from '../data/commentCopies';
import { REPLIES_SHOWN, THREAD_PAGE, repliesQuery } from '../data/threadQueries';
import { heldReplies, setReplies } from './replyState';
import { toEntry } from './threadDecode';

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
