import type { Comment, CommentSummary } from './post';

/**
 * The thread a card can show from its summary alone: every comment while the card holds them all.
 */
export function cardThread({ commentCount, cardComments }: CommentSummary): Comment[] | null {
  return commentCount !== null && cardComments.length === commentCount ? cardComments : null;
}

/** The words of the control that opens a thread the card does not show whole. */
export function showAllLabel(count: number | null): string {
  return count === 1 ? 'Show 1 comment' : `Show all ${count ?? 'the'} comments`;
}

/** A thread that could not be read (its control stays, to try again). */
export const THREAD_NOT_READ = 'Could not load the comments. Check your connection.';
