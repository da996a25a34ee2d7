import type { RemovedCopies } from '../../posts';
import { withoutComment } from '../data/commentList';
import type { Comment } from '../../posts';
import { commentsPostedHere, heldThread, setThread, threadReading } from './threads';

/**
 * This page's own comments and removals, applied to the threads it knows
 * (features/comments/store/threads.ts) once Firestore has committed them: with the write module,
 * never in a visitor's first load.
 */

/** This page's comment: at the end of the held thread, or shown apart until the thread is read. */
export function addedHere(id: string, comment: Comment): void {
  const thread = heldThread(id);
  const reading = threadReading(id);
  if (thread) setThread(id, [...thread, comment], commentsPostedHere(id), reading);
  else setThread(id, undefined, [...commentsPostedHere(id), comment], reading);
}

/** This page's removal: gone from the held thread and from the comments shown apart. */
export function removedHere(id: string, comment: Comment, copies: RemovedCopies): void {
  const thread = heldThread(id);
  const own = withoutComment([...commentsPostedHere(id)], comment, copies);
  setThread(id, thread && withoutComment(thread, comment, copies), own, threadReading(id));
}
