import {
  useState,
  type FocusEvent,
  type FormEvent,
  type HTMLAttributes,
  type RefObject,
} from 'react';
import type { Post } from '../../posts/data/post';

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

/**
 * Which cards have work in progress: focus inside (an open editor or confirmation dialog too), or
 * typed text (a comment being written or sent). Read from the page on focus and input, so no card
 * has to report it; `container` goes on the list, where those events bubble.
 */
export function useCardsInProgress(): {
  kept: ReadonlySet<string>;
  container: Pick<HTMLAttributes<HTMLElement>, 'onFocus' | 'onBlur' | 'onInput'>;
} {
  const [kept, setKept] = useState<ReadonlySet<string>>(() => new Set());
  const [container] = useState(() => {
    const update = (target: EventTarget, focusNowIn: EventTarget | null) => {
      const article = target instanceof Element ? target.closest('article') : null;
      const id = article?.dataset.postId;
      if (!article || !id) return;
      const inProgress =
        (focusNowIn instanceof Node && article.contains(focusNowIn)) || hasText(article);
      setKept((current) => {
        if (current.has(id) === inProgress) return current;
        const next = new Set(current);
        if (inProgress) next.add(id);
        else next.delete(id);
        return next;
      });
    };
    return {
      onFocus: (event: FocusEvent<HTMLElement>) => update(event.target, event.target),
      onBlur: (event: FocusEvent<HTMLElement>) => update(event.target, event.relatedTarget),
      onInput: (event: FormEvent<HTMLElement>) => update(event.target, document.activeElement),
    };
  });
  return { kept, container };
}

function hasText(card: Element): boolean {
  const fields = card.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea');
  return [...fields].some((field) => field.value !== '');
}
