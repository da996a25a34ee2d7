import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { isKeptReadMessage, KEPT_READS, type KeptRead } from '../shared/keptReadMessage';
import type { RestPost } from '../shared/posts/postsQuery';
import { carriesCredentials, isRunQueryUrl, isSameRequest } from './firestoreRequests';

declare const self: ServiceWorkerGlobalScope;

/**
 * index.html's read of the first page of posts (the club's pinned post first): network first, and
 * from the last answer kept when there is no network or it has not answered within
 * NETWORK_TIMEOUT_SECONDS. They are POSTs (runQuery), which the Cache API cannot store, so each
 * answer is kept under a GET key of this site's own that nothing ever requests. Only their exact
 * requests are kept: Load More's pages go to the network untouched.
 *
 * A late answer still replaces the kept one (the next load shows it), and the page shown from the
 * kept copies catches up by itself: its live check asks for every change after the kept first
 * page's read time (src/features/live/state/liveChecks.ts), as it does for any page; a pin moved
 * since is such a change.
 */
/** A connection that hangs shows the saved page after this long, not a blank feed. */
const NETWORK_TIMEOUT_SECONDS = 3;

/** Each read's cache (one answer in each) and the key its answer is kept under. */
const KEPT: Record<KeptRead, { cacheName: string; key: string }> = {
  'first-page': { cacheName: 'first-page', key: keyOf('first-page') },
};

function keyOf(read: KeptRead): string {
  return new URL(`/sw-cache/${read}`, self.location.origin).href;
}

function strategy(read: KeptRead): NetworkFirst {
  const { cacheName, key } = KEPT[read];
  return new NetworkFirst({
    cacheName,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [{ cacheKeyWillBeUsed: async () => key }],
  });
}

/**
 * `requests`: each kept read's request as postsQuery builds it for every sender. Later pages go to
 * the same runQuery address; the body tells them apart.
 */
export function registerKeptReadsRoute(requests: Record<KeptRead, RestPost>): void {
  const kept = KEPT_READS.map((read) => ({
    request: requests[read],
    strategy: strategy(read),
  }));
  const runQueryUrl = new URL(requests['first-page'].url);
  registerRoute(
    ({ url, request: sent }) => isRunQueryUrl(url, runQueryUrl) && !carriesCredentials(sent),
    async ({ request: sent, event }) => {
      const body = await sent.clone().text();
      const read = kept.find(({ request }) => isSameRequest({ url: sent.url, body }, request));
      return read ? read.strategy.handle({ request: sent, event }) : fetch(sent);
    },
    'POST',
  );
}

/**
 * A page no worker controlled yet (the first visit, a hard reload) made its reads past the worker,
 * and hands their answers over (src/app/registerServiceWorker.ts): each is kept as if the worker
 * had fetched it, so the site reads offline from the first visit on with no second read.
 */
export function keepHandedReads(): void {
  self.addEventListener('message', (event) => {
    if (!isKeptReadMessage(event.data)) return;
    const { cacheName, key } = KEPT[event.data.read];
    const answer = Response.json(event.data.json);
    event.waitUntil(caches.open(cacheName).then((cache) => cache.put(key, answer)));
  });
}
