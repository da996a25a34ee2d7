import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { isFirstPageMessage } from '../shared/firstPageMessage';
import type { RestPost } from '../features/posts/data/postsQuery';
import { carriesCredentials, isFirstPageRequest, isRunQueryUrl } from './firestoreRequests';

declare const self: ServiceWorkerGlobalScope;

/**
 * The first page of posts, network first, and from the last answer kept when there is no network
 * or it has not answered within NETWORK_TIMEOUT_SECONDS. It is a POST (runQuery), which the Cache
 * API cannot store, so the answer is kept under a GET key of this site's own that nothing ever
 * requests. Only the first page's exact request is kept: Load More's pages go to the network
 * untouched.
 *
 * A late answer still replaces the kept one (the next load shows it), and the page shown from the
 * kept copy catches up by itself: its live check asks for every change after the kept answer's
 * read time (src/features/live/state/liveChecks.ts), as it does for any page.
 */
const FIRST_PAGE_CACHE = 'first-page';
const FIRST_PAGE_KEY = new URL('/sw-cache/first-page', self.location.origin).href;
/** A connection that hangs shows the saved page after this long, not a blank feed. */
const NETWORK_TIMEOUT_SECONDS = 3;

const firstPage = new NetworkFirst({
  cacheName: FIRST_PAGE_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [{ cacheKeyWillBeUsed: async () => FIRST_PAGE_KEY }],
});

/**
 * `request`: the first page's request as postsQuery.firstPageRequest builds it for every sender.
 */
export function registerFirstPageRoute(request: RestPost): void {
  const runQueryUrl = new URL(request.url);
  registerRoute(
    ({ url, request: sent }) => isRunQueryUrl(url, runQueryUrl) && !carriesCredentials(sent),
    async ({ request: sent, event }) => {
      const body = await sent.clone().text();
      return isFirstPageRequest({ url: sent.url, body }, request)
        ? firstPage.handle({ request: sent, event })
        : fetch(sent);
    },
    'POST',
  );
}

/**
 * A page no worker controlled yet (the first visit, a hard reload) read the first page past the
 * worker, and hands its answer over (src/app/registerServiceWorker.ts): it is kept as if the worker
 * had fetched it, so the site reads offline from the first visit on with no second read.
 */
export function keepHandedFirstPage(): void {
  self.addEventListener('message', (event) => {
    if (!isFirstPageMessage(event.data)) return;
    const answer = Response.json(event.data.json);
    event.waitUntil(
      caches.open(FIRST_PAGE_CACHE).then((cache) => cache.put(FIRST_PAGE_KEY, answer)),
    );
  });
}
