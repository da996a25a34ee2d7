import { commentId } from '../../src/features/comments/data/commentCopies';
import { commentCopy as copyOf } from '../../src/features/feed/store/commentCommits';
import type { Comment } from '../../src/shared/posts/post';

/**
 * The moderation copy comments/{id} of one comment, as the app's comment recipe builds it
 * (commentCommits.ts commentCopy; the rules compute the same id), for the tests' helpers that
 * write a copy themselves, so none re-implements the shape. `at` is left to the writer: the
 * server time for a client, the comment's own time for a seed.
 */
export interface CommentCopy {
  id: string;
  fields: Omit<ReturnType<typeof copyOf<never>>, 'at'>;
}

export async function commentCopy(
  postId: string,
  postTitle: string,
  uid: string,
  comment: Comment,
): Promise<CommentCopy> {
  return {
    id: await commentId(postId, comment),
    fields: withoutTime(copyOf({ postId, postTitle, comment, uid }, null)),
  };
}

function withoutTime<T extends { at: unknown }>({ at: _at, ...fields }: T): Omit<T, 'at'> {
  return fields;
}
