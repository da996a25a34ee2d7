import { useMemo } from 'react';
import { FeedArticle } from './FeedArticle';
import type { FeedListProps } from './feedList';
import './feed.css';

/**
 * Every loaded post's card, as long as the feed is short: find-in-page and reading straight
 * through work as on any page. A search hides the posts it does not match rather than unmounting
 * them, so typing stays quick and nothing typed in a card is lost.
 */
export function AllCards({ posts, shown, setSize, container, listRef }: FeedListProps) {
  const positions = useMemo(() => new Map(shown.map((post, index) => [post, index + 1])), [shown]);
  return (
    <div ref={listRef} {...container} className="feed__list">
      {posts.map((post, index) => {
        const position = positions.get(post);
        return (
          <FeedArticle
            key={post.id}
            post={post}
            position={position}
            // Only shown posts take the set size, so a hidden one stays as it was (no re-render).
            setSize={position === undefined ? 0 : setSize}
            imagePriority={index === 0 ? 'first' : 'later'}
          />
        );
      })}
    </div>
  );
}
