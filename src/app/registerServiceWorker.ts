import {
  KEPT_READ_MESSAGE,
  KEPT_READS,
  type KeptRead,
  type KeptReadMessage,
} from '../shared/keptReadMessage';

/**
 * Registers the service worker (src/sw/sw.ts). app/main.tsx calls it once the first screen is
 * painted, so it never competes with the first page for the network; production builds only:
 * `npm run dev` keeps Vite's hot reload.
 *
 * `answers`: those of index.html's reads the worker keeps (the first page, pinned post and all). A
 * page no worker controls (the first visit, a hard reload) made them past the worker, so they are
 * handed over: the worker keeps them and the site reads offline from then on, without reading
 * them again.
 */
export function registerServiceWorker(answers: Record<KeptRead, Promise<unknown> | null>): void {
  const { serviceWorker } = navigator;
  // Read before registering: the worker takes control of this page once it is active (sw.ts,
  // clients.claim).
  const readPastWorker = serviceWorker.controller === null;
  serviceWorker.register('/sw.js').catch((error: unknown) => {
    // The page works without it (only not offline); nothing to tell the reader.
    console.warn('Service worker not registered:', error);
  });
  if (!readPastWorker) return;
  for (const read of KEPT_READS) {
    const answer = answers[read];
    if (answer) void handOver(read, answer);
  }
}

async function handOver(read: KeptRead, answer: Promise<unknown>): Promise<void> {
  try {
    const json = await answer;
    const { active } = await navigator.serviceWorker.ready;
    const message: KeptReadMessage = { type: KEPT_READ_MESSAGE, read, json };
    active?.postMessage(message);
  } catch {
    // No answer to hand over (the request failed): the worker keeps the next one it sees.
  }
}
