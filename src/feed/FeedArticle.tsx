import { memo, useCallback, useMemo, useState } from 'react';
import { HoldCardContext, useHoldWhile } from './holdCard';
import { sameSlots, type FeedSlot } from './feedWindow';
import { PostCard, type PostCardProps } from './PostCard';
import type { FeedWindow } from './useFeedWindow';

type WindowHooks = Pick<FeedWindow, 'measure' | 'hold'>;

export interface FeedArticleProps extends Omit<PostCardProps, 'titleId'>, WindowHooks {
  /** Prefix for the title's id (the feed's useId), unique per page. */
  idPrefix: string;
  /** 1-based position among the posts the search shows; undefined when the search hides it. */
  position: number | undefined;
  /** How many posts are listed (-1: more to load). */
  setSize: number;
}

/** The id of a post's title, which names its article. */
export function titleIdOf(idPrefix: string, postId: string): string {
  // Firestore ids may hold any character but '/'; encoded, they make a valid, space-free id.
  return `${idPrefix}${encodeURIComponent(postId)}`;
}

/**
 * One post as an article of the ARIA feed, named by its title. Memoised on plain values: a search
 * keystroke that changes no post's visibility or position re-renders no article at all.
 */
export const FeedArticle = memo(function FeedArticle({
  idPrefix,
  position,
  setSize,
  measure,
  hold,
  ...card
}: FeedArticleProps) {
  const postId = card.post.id;
  const titleId = titleIdOf(idPrefix, postId);
  const shown = position !== undefined;
  const measureArticle = useCallback(
    (element: HTMLElement) => measure(element, card.post),
    [measure, card.post],
  );
  const holdThisCard = useMemo(() => () => hold(postId), [hold, postId]);
  // A card with focus inside stays mounted when the feed leaves it out (see useFeedWindow).
  const [focused, setFocused] = useState(false);
  useHoldWhile(focused, holdThisCard);
  return (
    <article
      ref={measureArticle}
      className="post"
      hidden={!shown}
      aria-labelledby={titleId}
      aria-posinset={position}
      aria-setsize={shown ? setSize : undefined}
      tabIndex={0}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <HoldCardContext value={holdThisCard}>
        <PostCard titleId={titleId} {...card} />
      </HoldCardContext>
    </article>
  );
});

export interface FeedArticlesProps extends Omit<
  FeedArticleProps,
  'post' | 'position' | 'imagePriority'
> {
  /** Cards and the gaps that stand in for cards left out (see useFeedWindow). */
  slots: readonly FeedSlot[];
  /** Only the cards near the screen are rendered. */
  windowed: boolean;
}

/**
 * The feed's cards in order. A search hides posts rather than unmounting them (remounting many
 * cards per keystroke is what makes typing slow), and a keystroke that leaves the same slots
 * renders nothing here at all.
 */
export const FeedArticles = memo(function FeedArticles({
  slots,
  setSize,
  windowed,
  ...card
}: FeedArticlesProps) {
  return slots.map((slot, index) =>
    slot.kind === 'gap' ? (
      <div key={slot.key} className="feed__gap" style={{ blockSize: slot.height }} />
    ) : (
      <FeedArticle
        key={slot.post.id}
        post={slot.post}
        position={slot.position}
        // Only shown posts take the set size, so a hidden one stays as it was (no re-render).
        setSize={slot.position === undefined ? 0 : setSize}
        imagePriority={index === 0 ? 'first' : windowed ? 'near' : 'later'}
        {...card}
      />
    ),
  );
}, sameArticles);

function sameArticles(before: FeedArticlesProps, after: FeedArticlesProps): boolean {
  const { slots: slotsBefore, ...restBefore } = before;
  const { slots: slotsAfter, ...restAfter } = after;
  const keys = Object.keys(restAfter) as (keyof typeof restAfter)[]; // the props type's own keys
  return (
    keys.length === Object.keys(restBefore).length &&
    keys.every((key) => restBefore[key] === restAfter[key]) &&
    sameSlots(slotsBefore, slotsAfter)
  );
}
