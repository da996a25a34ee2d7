import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { FIRST_PAGE_QUERY } from '../data/postsQuery';
import { carriesCredentials, isFirstPageBody, isRunQueryUrl } from './firestoreRequests';

declare const self: ServiceWorkerGlobalScope;

/**
 * The first page of posts, network first, and from the last answer kept when there is no network.
 * It is a POST (runQuery), which the Cache API cannot store, so the answer is kept under a GET key of
 * this site's own that nothing ever requests. Only the first page's exact query is kept: Load More's
 * pages go to the network untouched.
 */
const FIRST_PAGE_CACHE = 'first-page';
const FIRST_PAGE_KEY = new URL('/sw-cache/first-page', self.location.origin).href;

const firstPage = new NetworkFirst({
  cacheName: FIRST_PAGE_CACHE,
  plugins: [{ cacheKeyWillBeUsed: async () => FIRST_PAGE_KEY }],
});

export function registerFirstPageRoute(runQueryUrl: URL): void {
  registerRoute(
    ({ url, request }) => isRunQueryUrl(url, runQueryUrl) && !carriesCredentials(request),
    async ({ request, event }) => {
      const body = await request.clone().text();
      return isFirstPageBody(body) ? firstPage.handle({ request, event }) : fetch(request);
    },
    'POST',
  );
}

/**
 * At the first install, the page that registered the worker has read the first page already, but
 * before the worker could see it: it is read once more and kept, so the site reads offline from the
 * first visit on (one extra first-page read per new visitor). Never fails the install.
 */
export async function keepFirstPage(runQueryUrl: URL, install: ExtendableEvent): Promise<void> {
  const cache = await caches.open(FIRST_PAGE_CACHE);
  if (await cache.match(FIRST_PAGE_KEY)) return;
  const request = new Request(runQueryUrl, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify(FIRST_PAGE_QUERY),
  });
  await firstPage.handle({ request, event: install }).catch(() => undefined);
}
