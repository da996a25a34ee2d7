import { FIRST_PAGE_MESSAGE, type FirstPageMessage } from '../shared/firstPageMessage';

/**
 * Registers the service worker (src/sw/sw.ts). app/main.tsx calls it once the first screen is
 * painted, so it never competes with the first page for the network; production builds only:
 * `npm run dev` keeps Vite's hot reload.
 *
 * `firstPage` is the answer of index.html's first-page request. A page no worker controls (the
 * first visit, a hard reload) read it past the worker, so it is handed over: the worker keeps it
 * and the site reads offline from then on, without reading the first page again.
 */
export function registerServiceWorker(firstPage: Promise<unknown> | null): void {
  const { serviceWorker } = navigator;
  // Read before registering: the worker takes control of this page once it is active (sw.ts,
  // clients.claim).
  const readPastWorker = serviceWorker.controller === null;
  serviceWorker.register('/sw.js').catch((error: unknown) => {
    // The page works without it (only not offline); nothing to tell the reader.
    console.warn('Service worker not registered:', error);
  });
  if (readPastWorker && firstPage) void handOver(firstPage);
}

async function handOver(firstPage: Promise<unknown>): Promise<void> {
  try {
    const json = await firstPage;
    const { active } = await navigator.serviceWorker.ready;
    const message: FirstPageMessage = { type: FIRST_PAGE_MESSAGE, json };
    active?.postMessage(message);
  } catch {
    // No answer to hand over (the request failed): the worker keeps the next one it sees.
  }
}
