import { cacheNames } from 'workbox-core';
import { registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

/**
 * A page keeps running the build it was loaded with until it is loaded again, also after a newer
 * worker has taken over: its own files must stay at hand, never the new build's. The build's files
 * have hashed names under /assets/, so the two never mix; when a new worker installs, the files of
 * the build before it that it does not have itself are kept here (Workbox removes them from the
 * precache when the new worker activates), and answered to a page that still asks for them. One
 * build back is kept.
 */
const PREVIOUS_BUILD_CACHE = 'previous-build';

function isBuildFile(url: URL): boolean {
  return url.origin === self.location.origin && url.pathname.startsWith('/assets/');
}

/** Copies the previous build's files the new one has not into PREVIOUS_BUILD_CACHE. */
export async function keepPreviousBuild(newManifest: { url: string }[]): Promise<void> {
  const current = new Set(newManifest.map((entry) => new URL(entry.url, self.location.href).href));
  const precache = await caches.open(cacheNames.precache);
  const requests = (await precache.keys()).filter((request) => {
    const url = new URL(request.url);
    return isBuildFile(url) && !current.has(url.href);
  });
  if (requests.length === 0) return;
  await caches.delete(PREVIOUS_BUILD_CACHE);
  const previous = await caches.open(PREVIOUS_BUILD_CACHE);
  await Promise.all(
    requests.map(async (request) => {
      const response = await precache.match(request);
      if (response) await previous.put(request, response);
    }),
  );
}

/** Answers a build file from the previous build's copies, else from the network. */
export function registerPreviousBuildRoute(): void {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && isBuildFile(url),
    async ({ request }) =>
      (await caches.match(request, { cacheName: PREVIOUS_BUILD_CACHE })) ?? fetch(request),
  );
}
