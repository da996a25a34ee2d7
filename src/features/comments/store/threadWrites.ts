import type { Comment } from '../../../shared/posts/post';
import { sameComment } from '../data/commentList';
import type { Committed } from '../../feed/commands';
import { heldReplies, setReplies } from './replies';
import { replyParentOf } from './replyState';
import { changePending, markMine } from './likeState';
import { changeOrdered } from './orderedThreads';
import {
  commentsPostedHere,
  countedByCounters,
  heldThread,
  setCounted,
  setThread,
  threadReading,
  type ThreadEntry,
} from './threadState';

/**
 * This page's own comments, replies and removals, applied to what it knows of threads once
 * Firestore has committed them (the feed's commands tell; ./threads.ts listens).
 */
export function applyCommitted(write: Committed): void {
  if (write.type === 'commented') {
    if (write.countedBy !== 'summary') moveCounted(write.id, 1);
    // No time: the server's is not known here, and reads continue from the last one read.
    const entry = { id: write.entryId, comment: write.comment, at: '' };
    if (write.replyTo === null) addedHere(write.id, write.comment, entry);
    else replyAddedHere(write.id, write.replyTo, entry);
  } else if (write.type === 'commentRemoved') {
    if (write.countedBy === 'counter') moveCounted(write.id, -1);
    removedHere(write.id, write.comment, write.markLeft, write.replyTo);
  } else if (write.type === 'liked') {
    likedHere(write);
  }
}

/**
 * This page's like: the comment shows it pressed, and its count moves where the like was counted
 * (with the counter it moved into the comment's count, if any).
 */
function likedHere({
  id,
  entryId,
  liked,
  countedBy,
  folded,
}: Extract<Committed, { type: 'liked' }>) {
  const step = liked ? 1 : -1;
  markMine(id, entryId, liked);
  if (countedBy === 'counter') {
    changePending(id, entryId, (before) => ({ ...before, sum: before.sum + step }));
    return;
  }
  const moved = folded?.n ?? 0;
  changeAnyEntry(id, entryId, (entry) => ({
    ...entry,
    likes: (entry.likes ?? 0) + step + moved,
    likedAt: Date.now(),
  }));
  if (folded) changePending(id, entryId, (before) => ({ sum: before.sum - moved, holding: null }));
}

/** This page's comment: at the end of the held thread, or shown apart until the thread is read. */
function addedHere(id: string, comment: Comment, entry: ThreadEntry) {
  // In another order, at the end once the reader has read to it.
  changeOrdered(id, ({ entries, complete }) => (complete ? [...entries, entry] : entries));
  const thread = heldThread(id);
  const reading = threadReading(id);
  if (thread) setThread(id, { ...thread, entries: [...thread.entries, entry] }, [], reading);
  else setThread(id, undefined, [...commentsPostedHere(id), comment], reading);
}

/** This page's reply: after its comment's replies, and its comment counts one more. */
function replyAddedHere(id: string, replyTo: string, entry: ThreadEntry) {
  const held = heldReplies(replyTo);
  setReplies(replyTo, {
    entries: [...(held?.entries ?? []), entry],
    complete: held?.complete ?? false,
    reading: held?.reading ?? null,
  });
  changeAnyEntry(id, replyTo, (top) => ({ ...top, replies: (top.replies ?? 0) + 1 }));
}

/**
 * This page's removal: gone from the held thread (or left as a mark, when it has replies), from a
 * comment's replies, and from the comments shown apart.
 */
function removedHere(id: string, comment: Comment, markLeft: boolean, replyTo: string | null) {
  if (replyTo !== null) {
    const held = heldReplies(replyTo);
    if (held) {
      const entries = held.entries.filter((entry) => !sameComment(entry.comment, comment));
      setReplies(replyTo, { ...held, entries });
    }
    changeAnyEntry(id, replyTo, (top) => ({
      ...top,
      replies: Math.max(0, (top.replies ?? 0) - 1),
    }));
    return;
  }
  const thread = heldThread(id);
  const own = commentsPostedHere(id).filter((each) => !sameComment(each, comment));
  const removed = (entries: readonly ThreadEntry[]) =>
    entries.flatMap((entry) => {
      if (!sameComment(entry.comment, comment) || entry.removed) return [entry];
      return markLeft ? [markOf(entry)] : [];
    });
  changeOrdered(id, (ordered) => removed(ordered.entries));
  const entries = thread && removed(thread.entries);
  setThread(id, thread && entries && { ...thread, entries }, own, threadReading(id));
}

/** What a removed comment with replies leaves: no author, no text. */
function markOf(entry: ThreadEntry): ThreadEntry {
  return { ...entry, comment: { user: '', text: '', date: '' }, removed: true };
}

/**
 * Entry `entryId` of post `id`, a comment of its held thread (in any order) or a held reply,
 * changed.
 */
function changeAnyEntry(id: string, entryId: string, change: (entry: ThreadEntry) => ThreadEntry) {
  changeOrdered(id, ({ entries }) =>
    entries.map((entry) => (entry.id === entryId ? change(entry) : entry)),
  );
  const parent = replyParentOf(entryId);
  const held = parent === undefined ? undefined : heldReplies(parent);
  if (parent === undefined || !held) return changeEntry(id, entryId, change);
  const entries = held.entries.map((entry) => (entry.id === entryId ? change(entry) : entry));
  setReplies(parent, { ...held, entries });
}

/** The held thread's entry `entryId` of post `id`, changed by `change`. */
function changeEntry(id: string, entryId: string, change: (entry: ThreadEntry) => ThreadEntry) {
  const thread = heldThread(id);
  if (!thread) return;
  const entries = thread.entries.map((entry) => (entry.id === entryId ? change(entry) : entry));
  setThread(id, { ...thread, entries }, commentsPostedHere(id), threadReading(id));
}

function moveCounted(id: string, step: number): void {
  const count = countedByCounters(id);
  if (count !== undefined) setCounted(id, count + step);
}
