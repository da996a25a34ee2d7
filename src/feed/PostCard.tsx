import { Suspense, memo, useId, useState } from 'react';
import { LazyPostActions, LazyPostEditor } from '../admin/lazyAdmin';
import { safeHttpUrl } from '../lib/safeUrl';
import { canComment, canRemoveComment, isAdmin } from '../permissions';
import { CommentForm } from './CommentForm';
import { CommentList } from './CommentList';
import { useFeedContext } from './feedContext';
import type { Post } from '../data/post';
import { PostImage, type ImagePriority } from './PostImage';
import { PublishedTime } from './PublishedTime';
import { ShareButton } from './ShareButton';

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
  const { user, ops, now } = useFeedContext();
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
      <div className="post__header">
        <h3 id={titleId} className="post__title">
          {post.title}
        </h3>
        <PublishedTime created={post.created} now={now} />
      </div>
      <PostImage url={post.imageUrl} alt={post.title} priority={imagePriority} />
      {admin && editing ? (
        <Suspense fallback={content}>
          <LazyPostEditor
            content={post.content}
            onSave={async (next) => {
              await ops.editContent(post.id, next);
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
            title={post.title}
            titleId={titleId}
            focusEdit={returning}
            onEdit={() => setEditing(true)}
            onDelete={() => ops.deletePost(post.id)}
          />
        </Suspense>
      )}
      <section className="comments" aria-labelledby={commentsId}>
        <CommentList
          comments={post.comments}
          headingId={commentsId}
          canRemove={(comment) => canRemoveComment(user, comment)}
          onRemove={(comment) => ops.removeComment(post.id, comment)}
        />
        {canComment(user) && (
          <CommentForm
            email={user.email}
            titleId={titleId}
            onComment={(comment) => ops.addComment(post.id, comment, user.uid)}
          />
        )}
      </section>
    </>
  );
});
