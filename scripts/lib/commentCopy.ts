import { commentId } from '../../src/features/comments/data/commentCopies';
import type { Comment } from '../../src/features/posts/data/post';

/**
 * The moderation copy comments/{id} of one comment, as firestore.rules requires it beside the
 * comment (the rules compute the same id): shared by the seed, which writes as the owner, and the
 * tests' SDK commit (tests/support/commentCommit.ts), so neither re-implements the shape. `at` is
 * left to the writer: the server time for a client, the comment's own time for the seed.
 */
export interface CommentCopy {
  id: string;
  fields: {
    postId: string;
    postTitle: string;
    user: string;
    uid: string;
    text: string;
    date: string;
    reports: number;
    reported: boolean;
  };
}

export async function commentCopy(
  postId: string,
  postTitle: string,
  uid: string,
  comment: Comment,
): Promise<CommentCopy> {
  const { user, text, date } = comment;
  return {
    id: await commentId(postId, comment),
    fields: { postId, postTitle, user, uid, text, date, reports: 0, reported: false },
  };
}
