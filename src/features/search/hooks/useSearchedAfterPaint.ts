import { startTransition, useEffect, useState } from 'react';
import { nextPaint } from '../../../shared/pageLoaded/pageLoaded';

/**
 * The search box's text once the keystroke that changed it has painted, then rendered in the
 * background (a transition): the feeds search this, so a letter typed paints before any card is
 * shown or hidden. With useDeferredValue the search's render began at once, and when quick it
 * committed before the letter's frame, which then waited for a layout of the whole list (24-40 ms
 * on the first letter; bench:web). Typing faster than a frame searches only the last text.
 */
export function useSearchedAfterPaint(query: string): string {
  const [searched, setSearched] = useState(query);
  useEffect(() => {
    let typedOn = false;
    void nextPaint().then(() => {
      if (!typedOn) startTransition(() => setSearched(query));
    });
    return () => {
      typedOn = true;
    };
  }, [query]);
  return searched;
}
