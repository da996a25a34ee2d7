import { memo } from 'react';
import type { Post } from './post';
import { PostCard, type PostCardProps } from './PostCard';

export interface FeedArticleProps extends Omit<PostCardProps, 'titleId'> {
  /** Prefix for the title's id (the feed's useId), unique per page. */
  idPrefix: string;
  /** 1-based position among the posts the search shows; undefined when the search hides it. */
  position: number | undefined;
  /** How many posts are listed (-1: more to load). */
  setSize: number;
}

/**
 * One post as an article of the ARIA feed, named by its title. Memoised on plain values: a search
 * keystroke that changes no post's visibility or position re-renders no article at all.
 */
export const FeedArticle = memo(function FeedArticle({
  idPrefix,
  position,
  setSize,
  ...card
}: FeedArticleProps) {
  // Firestore ids may hold any character but '/'; encoded, they make a valid, space-free id.
  const titleId = `${idPrefix}${encodeURIComponent(card.post.id)}`;
  const shown = position !== undefined;
  return (
    <article
      className="post"
      hidden={!shown}
      aria-labelledby={titleId}
      aria-posinset={position}
      aria-setsize={shown ? setSize : undefined}
      tabIndex={0}
    >
      <PostCard titleId={titleId} {...card} />
    </article>
  );
});

export interface FeedArticlesProps extends Omit<
  FeedArticleProps,
  'post' | 'position' | 'eagerImage'
> {
  posts: readonly Post[];
  /** The posts the search shows, in order; the others stay mounted but hidden. */
  shown: readonly Post[];
}

/**
 * Every loaded post, in order. A search hides posts rather than unmounting them (remounting
 * thousands of cards per keystroke is what makes typing slow), and a keystroke that leaves the
 * same posts shown renders nothing here at all.
 */
export const FeedArticles = memo(function FeedArticles({
  posts,
  shown,
  setSize,
  ...card
}: FeedArticlesProps) {
  const positions = new Map(shown.map((post, index) => [post, index + 1]));
  return posts.map((post, index) => {
    const position = positions.get(post);
    return (
      <FeedArticle
        key={post.id}
        post={post}
        position={position}
        // Only shown posts take the set size, so a hidden one stays as it was (no re-render).
        setSize={position === undefined ? 0 : setSize}
        eagerImage={index === 0}
        {...card}
      />
    );
  });
}, sameArticles);

function sameArticles(before: FeedArticlesProps, after: FeedArticlesProps): boolean {
  const { shown: shownBefore, ...restBefore } = before;
  const { shown: shownAfter, ...restAfter } = after;
  const keys = Object.keys(restAfter) as (keyof typeof restAfter)[]; // the props type's own keys
  return (
    keys.length === Object.keys(restBefore).length &&
    keys.every((key) => restBefore[key] === restAfter[key]) &&
    shownBefore.length === shownAfter.length &&
    shownBefore.every((post, index) => post === shownAfter[index])
  );
}
