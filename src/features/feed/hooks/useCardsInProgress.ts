import { useState, type FocusEvent, type FormEvent, type HTMLAttributes } from 'react';

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
