import type { Comment } from '../../../shared/posts/post';
import { sameComment } from '../data/commentList';
import type { Committed } from '../../feed/commands';
import type { CountedBy } from '../../feed/data/writes';
import {
  commentsPostedHere,
  countedByCounters,
  heldThread,
  setCounted,
  setThread,
  threadReading,
} from './threadState';

/**
 * This page's own comments and removals, applied to what it knows of threads once Firestore has
 * committed them (the feed's commands tell; ./threads.ts listens).
 */
export function applyCommitted(write: Committed): void {
  if (write.type === 'commented')
    addedHere(write.id, write.comment, write.entryId, write.countedBy);
  else if (write.type === 'commentRemoved') removedHere(write.id, write.comment, write.countedBy);
}

/**
 * This page's comment: at the end of the held thread, or shown apart until the thread is read;
 * one more on the counters when one counts it.
 */
function addedHere(id: string, comment: Comment, entryId: string, countedBy: CountedBy) {
  const thread = heldThread(id);
  const reading = threadReading(id);
  if (countedBy !== 'summary') moveCounted(id, 1);
  if (thread) {
    // No time: the server's is not known here, and reads continue from the last comment read.
    const entry = { id: entryId, comment, at: '' };
    setThread(id, { ...thread, entries: [...thread.entries, entry] }, [], reading);
  } else setThread(id, undefined, [...commentsPostedHere(id), comment], reading);
}

/** This page's removal: gone from the held thread and from the comments shown apart. */
function removedHere(id: string, comment: Comment, countedBy: CountedBy | null): void {
  const thread = heldThread(id);
  if (countedBy === 'counter') moveCounted(id, -1);
  const own = commentsPostedHere(id).filter((each) => !sameComment(each, comment));
  const entries = thread?.entries.filter((entry) => !sameComment(entry.comment, comment));
  setThread(id, thread && entries && { ...thread, entries }, own, threadReading(id));
}

function moveCounted(id: string, step: number): void {
  const count = countedByCounters(id);
  if (count !== undefined) setCounted(id, count + step);
}
