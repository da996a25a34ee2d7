import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { carriesCredentials, isPostUrl } from './firestoreRequests';

const POSTS_CACHE = 'posts';

/** Single posts read by their address (permalinks): network first, the last 50 kept for offline. */
const posts = new NetworkFirst({
  cacheName: POSTS_CACHE,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 50, purgeOnQuotaError: true }),
    {
      // A post that is gone (deleted) is not shown offline later either.
      fetchDidSucceed: async ({ request, response }) => {
        if (response.status === 404) {
          await (await caches.open(POSTS_CACHE)).delete(request.url);
        }
        return response;
      },
    },
  ],
});

export function registerPostRoute(runQueryUrl: URL): void {
  registerRoute(
    ({ url, request }) => isPostUrl(url, runQueryUrl) && !carriesCredentials(request),
    posts,
    'GET',
  );
}
