import { useSyncExternalStore } from 'react';

/**
 * The one place that knows whether the browser has a network: `navigator.onLine` and its
 * `online`/`offline` events. Controls that need the network are disabled while offline, and the
 * live checks pause then and check at once when it returns.
 *
 * `navigator.onLine` false is reliable (no network at all); true only means some network is up, not
 * that Firestore answers, so a failed request while "online" is reported as a failure, never as
 * being offline.
 */

/**
 * Whether the browser has a network (true where the platform cannot tell, e.g. outside a browser).
 */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * Calls `listener` with the new state whenever the network goes or comes back; returns the
 * function that stops listening.
 */
export function onNetworkChange(listener: (online: boolean) => void): () => void {
  const notify = () => listener(isOnline());
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
}

/** isOnline() as React state: the component renders again when the network goes or returns. */
export function useOnline(): boolean {
  return useSyncExternalStore(onNetworkChange, isOnline, () => true);
}
