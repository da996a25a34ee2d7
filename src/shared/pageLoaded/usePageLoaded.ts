import { startTransition, useEffect, useState } from 'react';
import { pageLoaded } from './pageLoaded';

/**
 * Whether the page has loaded and painted (shared/pageLoaded/pageLoaded.ts): false on the first
 * render.
 */
export function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  // Once true it stays true; React ignores the update of a page that has gone meanwhile.
  // What waits for the load renders in the background (a transition, in short tasks).
  useEffect(() => void pageLoaded().then(() => startTransition(() => setLoaded(true))), []);
  return loaded;
}
