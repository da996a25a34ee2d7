import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { carriesCredentials, isFirstPageBody, isRunQueryUrl } from './firestoreRequests';

declare const self: ServiceWorkerGlobalScope;

/**
 * The first page of posts, network first, and from the last answer kept when there is no network.
 * It is a POST (runQuery), which the Cache API cannot store, so the answer is kept under a GET key of
 * this site's own that nothing ever requests. Only the first page's exact query is kept: Load More's
 * pages go to the network untouched.
 */
const FIRST_PAGE_KEY = new URL('/sw-cache/first-page', self.location.origin).href;

const firstPage = new NetworkFirst({
  cacheName: 'first-page',
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
