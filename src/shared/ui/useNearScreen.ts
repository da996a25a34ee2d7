import { useCallback, useState } from 'react';

/**
 * Whether an element has come within a screen's height of the screen (and stays so once it has):
 * what a card reads only for a reader who reaches it. Only `watched` elements are observed (a
 * card with nothing to read stays out: each observed card renders again when it comes near).
 * Where the browser has no IntersectionObserver (jsdom) every element counts as near.
 */
export function useNearScreen<T extends Element>(
  watched: boolean,
): [(element: T | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  // A ref callback: React calls it with null when the element goes, which disconnects.
  const ref = useCallback(
    (element: T | null) => {
      if (!element || near || !watched) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          setNear(true);
        },
        { rootMargin: '100% 0px' },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [near, watched],
  );
  return [ref, near];
}
