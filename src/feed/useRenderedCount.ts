import { useEffect, useState } from 'react';

/** Enough cards to fill a phone's first screen and then some. */
export const FIRST_RENDER_POSTS = 4;
/** Cards added per task afterwards: each task stays well under 50 ms on a slow phone. */
export const POSTS_PER_TASK = 3;

/**
 * How many of `total` posts to render now: a few at first, more each task until all are in. A
 * page of 35 cards in one go would block a mid-range phone's main thread for a long while.
 */
export function useRenderedCount(total: number): number {
  const [count, setCount] = useState(FIRST_RENDER_POSTS);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => setCount((current) => current + POSTS_PER_TASK), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}
