import { useEffect, useState } from 'react';
import { pageLoaded } from '../lib/pageLoaded';

/** Whether the page has loaded and painted (lib/pageLoaded.ts): false on the first render. */
export function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  // Once true it stays true; React ignores the update of a page that has gone meanwhile.
  useEffect(() => void pageLoaded().then(() => setLoaded(true)), []);
  return loaded;
}
