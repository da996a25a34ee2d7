import { Suspense, lazy, useLayoutEffect, useRef, useState } from 'react';
import { AllCards } from './AllCards';
import { cardHeights, type FeedListProps } from './feedList';

// The virtual list (and its library) only loads once a feed grows long: most visits never need it.
const LazyVirtualCards = lazy(() =>
  import('./VirtualCards').then((module) => ({ default: module.VirtualCards })),
);

export interface FeedCardsProps extends Omit<FeedListProps, 'listRef' | 'knownHeights'> {
  /** How many posts are loaded (the cards rendered so far may be fewer). */
  loaded: number;
  /** More rendered cards than this, and only the cards near the screen are in the page. */
  windowFrom: number;
}

/** The feed's cards: every one while the feed is short, the long feed's virtual list after. */
export function FeedCards({ loaded, windowFrom, ...listProps }: FeedCardsProps) {
  const list = useRef<HTMLDivElement>(null);
  const long = listProps.posts.length > windowFrom;
  const [knownHeights, setKnownHeights] = useState<ReadonlyMap<string, number>>(() => new Map());
  // Loaded posts that make the feed long, while every card is still in the page: the virtual list
  // (the next render) starts from the cards' heights as laid out now, so nothing on screen moves.
  const becomingLong = !long && loaded > windowFrom;
  useLayoutEffect(() => {
    if (becomingLong) setKnownHeights(cardHeights(list.current));
  }, [becomingLong]);
  const props = { ...listProps, knownHeights };
  return (
    // While the virtual list's code loads: every card, the feed busy.
    <Suspense
      fallback={
        <AllCards {...props} listRef={list} container={{ ...props.container, 'aria-busy': true }} />
      }
    >
      {long ? (
        <LazyVirtualCards {...props} listRef={list} />
      ) : (
        <AllCards {...props} listRef={list} />
      )}
    </Suspense>
  );
}
