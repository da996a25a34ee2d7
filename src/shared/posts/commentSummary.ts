import { groupThousands } from '../text/numberText';
import type { Comment, CommentSummary } from './post';

/**
 * The thread a card can show from its summary alone: every comment while the summary holds them
 * all (never once the thread is marked: its counters count more).
 */
export function cardThread({
  commentCount,
  cardComments,
  moreComments,
}: CommentSummary): Comment[] | null {
  return !moreComments && commentCount !== null && cardComments.length === commentCount
    ? cardComments
    : null;
}

/**
 * How many comments the post has: its summary's count, plus its counters' sum when the thread is
 * marked (undefined: not read yet). Null while not known.
 */
export function threadCount(
  { commentCount, moreComments }: CommentSummary,
  counted: number | undefined,
): number | null {
  if (commentCount === null) return null;
  if (!moreComments) return commentCount;
  return counted === undefined ? null : commentCount + counted;
}

/** A count as the card writes it: 10,000, not 10000. */
export function countText(count: number): string {
  return groupThousands(count);
}

/** The words of the control that opens a thread the card does not show whole. */
export function showAllLabel(count: number | null): string {
  return count === 1
    ? 'Show 1 comment'
    : `Show all ${count === null ? 'the' : countText(count)} comments`;
}

/** A thread that could not be read (its control stays, to try again). */
export const THREAD_NOT_READ = 'Could not load the comments. Check your connection.';
