import { LIMITS } from './limits';
import type { Comment } from './post';

/**
 * What a post keeps beside its comments so that reads which do not show a thread can leave the
 * thread out (a field mask): how many comments it has, and the comments a card shows inline. The
 * rules hold both to the list in every write that changes it (firestore.rules: summarisesComments),
 * so a fan can neither hide nor inflate a thread. Posts written before these fields existed have
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

/** The summary of a post whose comments are `comments`, as the rules require it. */
export function summariseComments(comments: readonly Comment[]): {
  commentCount: number;
  cardComments: Comment[];
} {
  return {
    commentCount: comments.length,
    cardComments: comments.length <= LIMITS.cardComments ? [...comments] : [],
  };
}

/**
 * The summary after this page added `comment`, as the rules will have it when the page's view was
 * current: one more, and the card's comments while they still held every comment and stay few.
 */
export function summaryAfterAdding(summary: CommentSummary, comment: Comment): CommentSummary {
  const { commentCount, cardComments } = summary;
  if (commentCount === null) return summary;
  const count = commentCount + 1;
  const cardHoldsAll = cardComments.length === commentCount;
  return {
    commentCount: count,
    cardComments: cardHoldsAll && count <= LIMITS.cardComments ? [...cardComments, comment] : [],
  };
}

/** The thread a card can show from its summary alone: every comment while the card holds them all. */
export function cardThread({ commentCount, cardComments }: CommentSummary): Comment[] | null {
  return commentCount !== null && cardComments.length === commentCount ? cardComments : null;
}

/** An open thread shows its latest comments this many at a time ('Show more comments'). */
export const THREAD_STEP = 50;

/** The words of the control that opens a thread the card does not show whole. */
export function showAllLabel(count: number | null): string {
  if (count === null) return 'Show the comments';
  return count === 1 ? 'Show 1 comment' : `Show all ${count} comments`;
}
