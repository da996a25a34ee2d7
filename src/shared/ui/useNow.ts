import { useEffect, useState } from 'react';

/**
 * The time now, renewed every `everyMs` while the page is visible and at once when it is shown
 * again: what "3 minutes ago" is counted from. A hidden page keeps no timer.
 */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      clearTimeout(timer);
      if (document.visibilityState !== 'visible') return;
      setNow(Date.now());
      timer = setTimeout(tick, everyMs);
    };
    timer = setTimeout(tick, everyMs);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [everyMs]);
  return now;
}
