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
  /** How many comments the post holds (the length of its `comments`). */
  commentCount: number;
  /**
   * Every comment, oldest first, while the post has at most LIMITS.cardComments of them; none once
   * it has more (the card then offers the whole thread, read when asked for).
   */
  cardComments: Comment[];
}

/** The summary of a post whose comments are `comments`, as the rules require it. */
export function summariseComments(comments: readonly Comment[]): CommentSummary {
  return {
    commentCount: comments.length,
    cardComments: comments.length <= LIMITS.cardComments ? [...comments] : [],
  };
}
