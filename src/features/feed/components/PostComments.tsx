import { Suspense, useId } from 'react';
import { CommentThread, CommentsClosed, LazyCommentBox } from '../../comments';
import {
  canComment,
  canRemoveComment,
  canReportComment,
  type AppUser,
} from '../../../shared/permissions/permissions';
import type { Post } from '../../../shared/posts/post';

export interface PostCommentsProps {
  post: Post;
  titleId: string;
  user: AppUser | null;
}

/** A card's comments: the thread, and the box to add one (or why there is none). */
export function PostComments({ post, titleId, user }: PostCommentsProps) {
  const headingId = useId();
  return (
    <section className="comments" aria-labelledby={headingId}>
      <CommentThread
        post={post}
        titleId={titleId}
        headingId={headingId}
        canRemove={(comment) => canRemoveComment(user, comment)}
        reporter={user && canReportComment(user, null) ? user : null}
        canReport={(comment) => canReportComment(user, comment)}
        replier={post.closed !== true && canComment(user) ? { user, post, titleId } : null}
        liker={canComment(user) ? { user, post } : null}
      />
      {post.closed === true ? (
        <CommentsClosed />
      ) : (
        canComment(user) && (
          <Suspense fallback={null}>
            <LazyCommentBox post={post} user={user} titleId={titleId} />
          </Suspense>
        )
      )}
    </section>
  );
}
