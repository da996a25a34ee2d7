import type { Comment } from './post';

/**
 * What a post keeps beside its comments so that reads which do not show a thread can leave the
 * thread out (a field mask): how many comments it has, and the comments a card shows inline. The
 * rules hold both to the list in every write that changes it (firestore.rules summarisesComments;
 * commentList.summariseComments makes it), so a fan can neither hide nor inflate a thread. Posts written before these fields existed have
 * neither; their comments are read with them.
 */
export interface CommentSummary {
  /** How many comments the post holds (the length of its `comments`); null: not known (Post). */
  commentCount: number | null;
  /**
   * Every comment, oldest first, while the post has at most LIMITS.cardComments of them; none once
   * it has more (the card then offers the whole thread, read when asked for).
   */
  cardComments: Comment[];
}

/** The thread a card can show from its summary alone: every comment while the card holds them all. */
export function cardThread({ commentCount, cardComments }: CommentSummary): Comment[] | null {
  return commentCount !== null && cardComments.length === commentCount ? cardComments : null;
}

/** The words of the control that opens a thread the card does not show whole. */
export function showAllLabel(count: number | null): string {
  return count === 1 ? 'Show 1 comment' : `Show all ${count ?? 'the'} comments`;
}

/** A thread that could not be read (its control stays, to try again). */
export const THREAD_NOT_READ = 'Could not load the comments. Check your connection.';
