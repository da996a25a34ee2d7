import { memo } from 'react';
import { isAdmin } from '../../../shared/permissions/permissions';
import { DealStatusBadge } from '../../deals';
import { DealLinkSlot } from '../state/dealLinkSlot';
import { useFeedContext } from '../hooks/feedContext';
import type { Post } from '../../../shared/posts/post';
import { PostBody } from './PostBody';
import { PostComments } from './PostComments';
import { PostImage, type ImagePriority } from './PostImage';
import { PublishedTime } from '../../../shared/ui/PublishedTime';
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
  const { user, now, deletedElsewhere } = useFeedContext();
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
      <PostBody post={post} titleId={titleId} admin={isAdmin(user)} />
      <PostComments post={post} titleId={titleId} user={user} />
    </>
  );
});
