import { memo } from 'react';
import type { Post } from '../../../shared/posts/post';
import { titleIdOf, useFeedContext } from '../hooks/feedContext';
import { PostCard } from './PostCard';
import type { ImagePriority } from './PostImage';
import './feed.css';

export interface FeedArticleProps {
  post: Post;
  /** 1-based position among the posts the search shows; undefined when the search hides it. */
  position: number | undefined;
  /** How many posts are listed (-1: more to load). */
  setSize: number;
  imagePriority: ImagePriority;
  /** In a long feed: the virtual list's measuring ref, and the card's index in the list. */
  measure?: (element: HTMLElement | null) => void;
  index?: number;
}

/**
 * One post as an article of the ARIA feed, named by its title. Memoised on plain values: a search
 * keystroke that changes no post's visibility or position re-renders no article at all.
 */
export const FeedArticle = memo(function FeedArticle({
  post,
  position,
  setSize,
  imagePriority,
  measure,
  index,
}: FeedArticleProps) {
  const { idPrefix, sharedId } = useFeedContext();
  const titleId = titleIdOf(idPrefix, post.id);
  const shown = position !== undefined;
  const shared = post.id === sharedId;
  return (
    <article
      ref={measure}
      data-index={index}
      data-post-id={post.id}
      className={shared ? 'post post--shared' : 'post'}
      hidden={!shown}
      aria-labelledby={titleId}
      aria-posinset={position}
      aria-setsize={shown ? setSize : undefined}
      tabIndex={0}
    >
      {/* Said in words too, not by the highlight's colour alone. */}
      {shared && <p className="post__label">Shared post</p>}
      {post.pinned && <p className="post__label">Pinned</p>}
      <PostCard post={post} titleId={titleId} imagePriority={imagePriority} />
    </article>
  );
});
