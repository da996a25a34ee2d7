/// <reference lib="webworker" />
import { createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { firstPageRequest } from '../shared/posts/postsQuery';
import { keepHandedReads, registerKeptReadsRoute } from './keptReadsRoute';
import { registerNotificationClick } from './notificationClick';
import { registerPictureRoute } from './pictureRoute';
import { registerPostRoute } from './postRoute';
import { keepPreviousBuild, registerPreviousBuildRoute } from './previousBuild';

/**
 * The service worker (vite-plugin-pwa builds it, with Workbox, in production builds only). It keeps
 * the app shell (precached with revisions), the last first page of posts (pinned post first), the
 * single posts read (permalinks) and the post pictures seen, so the page reads with no network. It
 * never keeps a Firestore or Auth answer other than those public reads, nor anything for a request
 * carrying credentials.
 *
 * Updates: a new worker installs in the background and takes over at once, but the open page keeps
 * the build it loaded (previousBuild.ts) and is never reloaded; the next load is the new build.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: { url: string; revision: string | null }[];
};

const manifest = self.__WB_MANIFEST;
// index.html's reads as it and the app send them: one builder each, the address the build gives
// all (scripts/lib/appEnv.ts).
const feedRunQuery = import.meta.env.VITE_FIRESTORE_RUN_QUERY_URL ?? '';
const keptReads = {
  'first-page': firstPageRequest(feedRunQuery),
};
const feedRunQueryUrl = new URL(keptReads['first-page'].url);

self.addEventListener('install', (event) => {
  event.waitUntil(keepPreviousBuild(manifest));
  void self.skipWaiting();
});
// The first visit's page is controlled at once too, so the pictures it shows next are kept.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

precacheAndRoute(manifest);
registerPreviousBuildRoute();
// Any address of this single-page app opens the precached page, also with no network; Firebase's
// reserved /__/ paths (the sign-in helper when the site shares the auth domain) are left alone.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/__\//] }),
);

registerKeptReadsRoute(keptReads);
keepHandedReads();
registerPostRoute(feedRunQueryUrl);
registerPictureRoute();
registerNotificationClick(self);
