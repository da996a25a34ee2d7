import { Suspense, memo, useId, useState } from 'react';
import { LazyPostActions, LazyPostEditor } from '../../admin';
import { safeHttpUrl } from '../../../shared/text/safeUrl';
import {
  canComment,
  canRemoveComment,
  canReportComment,
  isAdmin,
} from '../../../shared/permissions/permissions';
import { CommentsClosed } from '../../comments';
import { CommentThread } from '../../comments';
import { DealStatusBadge } from '../../deals';
import { DealLinkSlot } from '../state/dealLinkSlot';
import { LazyCommentBox } from '../../comments';
import { useFeedContext } from '../hooks/feedContext';
import type { Post } from '../../../shared/posts/post';
import { editPost } from '../commands';
import { PostImage, type ImagePriority } from './PostImage';
import { PublishedTime } from '../../../shared/ui/PublishedTime';
import { ShareButton } from './ShareButton';
import './feed.css';

export interface PostCardProps {
  post: Post;
  /** The id the title gets; the article around the card is labelled by it. */
  titleId: string;
  imagePriority: ImagePriority;
}

/**
 * What one post's article holds (the feed renders the article itself, so a search keystroke only
 * shows or hides articles). Memoised: nothing here depends on the search.
 */
export const PostCard = memo(function PostCard({ post, titleId, imagePriority }: PostCardProps) {
  // Over 60 lines on purpose: split into components it costs first-load bytes (at the budget).
  const { user, now, deletedElsewhere } = useFeedContext();
  const closed = post.closed === true;
  const commentsId = useId();
  const [editing, setEditing] = useState(false);
  // After Save or Cancel, focus returns to the Edit button the user started from.
  const [returning, setReturning] = useState(false);
  const admin = isAdmin(user);
  const link = safeHttpUrl(post.link);
  const content = <p className="post__content">{post.content}</p>;

  const stopEditing = () => {
    setEditing(false);
    setReturning(true);
  };

  return (
    <>
      {deletedElsewhere.has(post.id) && (
        // Kept on screen only while the reader is using the card, so what they typed can be copied.
        <p className="post__deleted" role="status">
          This post was deleted
        </p>
      )}
      <div className="post__header">
        <h3 id={titleId} className="post__title">
          {post.title}
        </h3>
        <PublishedTime created={post.created} now={now} />
        {post.status && <DealStatusBadge status={post.status} />}
        {/* Last in the row, so nothing moves when it comes after the first paint. */}
        {post.deal && <DealLinkSlot dealId={post.deal} />}
      </div>
      <PostImage url={post.imageUrl} alt={post.title} priority={imagePriority} />
      {admin && editing ? (
        <Suspense fallback={content}>
          <LazyPostEditor
            content={post.content}
            status={post.status}
            deal={post.deal}
            onSave={async (edit) => {
              await editPost(post.id, edit);
              stopEditing();
            }}
            onCancel={stopEditing}
          />
        </Suspense>
      ) : (
        content
      )}
      {link && (
        <a
          className="post__link"
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={titleId}
        >
          Read more<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      )}
      <ShareButton postId={post.id} title={post.title} titleId={titleId} />
      {admin && !editing && (
        <Suspense fallback={null}>
          <LazyPostActions
            post={post}
            titleId={titleId}
            focusEdit={returning}
            onEdit={() => setEditing(true)}
          />
        </Suspense>
      )}
      <section className="comments" aria-labelledby={commentsId}>
        <CommentThread
          post={post}
          titleId={titleId}
          headingId={commentsId}
          canRemove={(comment) => canRemoveComment(user, comment)}
          reporter={user && canReportComment(user, null) ? user : null}
          canReport={(comment) => canReportComment(user, comment)}
        />
        {closed ? (
          <CommentsClosed />
        ) : (
          canComment(user) && (
            <Suspense fallback={null}>
              <LazyCommentBox post={post} user={user} titleId={titleId} />
            </Suspense>
          )
        )}
      </section>
    </>
  );
});
