/** The lock the checking tab holds while it is open; the next tab takes it when it closes. */
export const CHECKER_LOCK = 'transfer-feed.follow-checker';

/**
 * Asks to be the site's one checking tab: the holder of a Web Lock, so five hidden tabs read what
 * one reads. Calls `onHeld` once this tab holds it (at once without Web Locks: then each tab
 * checks, and the check marks in localStorage still space their checks out). Returns the function
 * that lets it go (or stops waiting for it) when this page stops its checks.
 */
export function holdCheckerLock(onHeld: () => void): () => void {
  const released = new AbortController();
  if (typeof navigator.locks === 'undefined') {
    onHeld();
  } else {
    navigator.locks
      .request(CHECKER_LOCK, { signal: released.signal }, () => {
        onHeld();
        // Held until released: the lock goes with this page, or when its checks stop.
        return new Promise<void>((resolve) =>
          released.signal.addEventListener('abort', () => resolve()),
        );
      })
      .catch(() => {
        // Aborted while waiting: this page is going.
      });
  }
  return () => released.abort();
}
