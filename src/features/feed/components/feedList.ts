import type { HTMLAttributes, RefObject } from 'react';
import type { Post } from '../../../shared/posts/post';

/** What both ways of listing the cards (every card, or the long feed's virtual list) are given. */
export interface FeedListProps {
  /** Every loaded post, in feed order. */
  posts: readonly Post[];
  /** The posts the search shows, in feed order. */
  shown: readonly Post[];
  /** Posts whose cards stay mounted wherever they are: focus or typed text inside. */
  kept: ReadonlySet<string>;
  setSize: number;
  /** The role="feed" element's attributes, set by the feed. */
  container: HTMLAttributes<HTMLDivElement>;
  /** The role="feed" element. */
  listRef: RefObject<HTMLDivElement | null>;
  /** Card heights (by post id) in the page when the feed became long, for a start without jumps. */
  knownHeights: ReadonlyMap<string, number>;
}

/** The height of every laid-out card in `list`, by post id (a hidden card has none). */
export function cardHeights(list: HTMLElement | null): Map<string, number> {
  const heights = new Map<string, number>();
  for (const article of list?.querySelectorAll<HTMLElement>('article[data-post-id]') ?? []) {
    const height = article.getBoundingClientRect().height;
    if (article.dataset.postId && height > 0) heights.set(article.dataset.postId, height);
  }
  return heights;
}
