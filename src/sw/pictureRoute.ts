import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

/**
 * Post pictures already seen, cache first: at most 60 of them and 20 MB, the oldest out first.
 *
 * A picture from another site is asked for with CORS, so its size can be read and bounded. A site
 * that refuses CORS gets the browser's own request, uncached: an opaque answer's size cannot be
 * read, and Chrome counts each one as megabytes of quota.
 */
const PICTURES_CACHE = 'post-pictures';
const MAX_PICTURES = 60;
const MAX_PICTURE_BYTES = 20 * 1024 * 1024;
/** Where a kept picture's size is written, so bounding the cache never reads the pictures again. */
const SIZE_HEADER = 'x-sw-cached-bytes';

const pictures = new CacheFirst({
  cacheName: PICTURES_CACHE,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    byteLimit(MAX_PICTURE_BYTES),
    new ExpirationPlugin({ maxEntries: MAX_PICTURES, purgeOnQuotaError: true }),
  ],
});

/** Sites that answered a picture without CORS, for as long as this worker runs. */
const withoutCors = new Set<string>();

export function registerPictureRoute(): void {
  registerRoute(
    ({ request, url }) => request.destination === 'image' && /^https?:$/.test(url.protocol),
    async ({ request, url, event }) => {
      if (url.origin === self.location.origin) return pictures.handle({ request, event });
      if (withoutCors.has(url.origin)) return fetch(request);
      const corsRequest = new Request(request.url, { mode: 'cors', credentials: 'omit' });
      try {
        return await pictures.handle({ request: corsRequest, event });
      } catch (corsFailure) {
        // Either the site refuses CORS (the browser's own request then works) or there is no
        // network.
        const response = await fetch(request).catch(() => {
          throw corsFailure;
        });
        withoutCors.add(url.origin);
        return response;
      }
    },
  );
}

/**
 * Keeps the cache within `maxBytes`: a picture's size is recorded when it is stored, and the oldest
 * stored go first (the Cache API lists entries in the order they were stored).
 */
function byteLimit(maxBytes: number): WorkboxPlugin {
  return {
    cacheWillUpdate: async ({ response }) => {
      const body = await response.clone().arrayBuffer();
      if (body.byteLength > maxBytes) return null;
      const headers = new Headers(response.headers);
      headers.set(SIZE_HEADER, String(body.byteLength));
      return new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    },
    cacheDidUpdate: async ({ cacheName }) => {
      const cache = await caches.open(cacheName);
      const requests = await cache.keys();
      const sizes = await Promise.all(
        requests.map(async (request) => {
          const stored = await cache.match(request);
          return Number(stored?.headers.get(SIZE_HEADER) ?? 0);
        }),
      );
      let total = sizes.reduce((sum, size) => sum + size, 0);
      for (let index = 0; index < requests.length && total > maxBytes; index++) {
        await cache.delete(requests[index]);
        total -= sizes[index];
      }
    },
  };
}
