import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { MANIFEST_HREF } from '../../src/app/manifestLink.ts';

/** The service worker's file name; firebase.json serves it `no-cache`, so updates are found. */
export const SERVICE_WORKER_FILE = 'sw.js';

/** Theme colours of both themes (--bg in src/app/styles/theme.css). */
export const THEME_COLORS = { dark: '#0b1120', light: '#f3f5f9' } as const;

/**
 * vite-plugin-pwa: the web app manifest and the service worker, built from src/sw/sw.ts (Workbox's
 * injectManifest: our routes, Workbox's precache of the app shell). The app registers it itself
 * (src/app/registerServiceWorker.ts), so the plugin adds no script to index.html; `vite build`
 * only.
 */
export function serviceWorker(clubName: string): Plugin[] {
  return [...pwa(clubName), manifestLinkedLater()];
}

function pwa(clubName: string): Plugin[] {
  return VitePWA({
    manifestFilename: MANIFEST_HREF.slice(1),
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: {
      id: '/',
      name: `${clubName} Transfer News`,
      short_name: clubName,
      description: `${clubName} transfer news: signings, loans and rumours.`,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLORS.dark,
      background_color: THEME_COLORS.dark,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      ],
    },
    injectManifest: {
      // The app shell: the page, its code, the logo and the icons. Post pictures (demo ones in
      // public/images too) are kept as they are seen, in a bounded cache (src/sw/pictureRoute.ts).
      globPatterns: ['**/*.{html,js,css,svg,png,webmanifest}'],
      globIgnores: ['images/**', SERVICE_WORKER_FILE],
    },
    devOptions: { enabled: false },
  });
}

/**
 * Takes the plugin's `<link rel="manifest">` out of index.html: the app links the manifest itself
 * once the first screen is painted (src/app/manifestLink.ts).
 */
function manifestLinkedLater(): Plugin {
  return {
    name: 'manifest-linked-later',
    apply: 'build',
    enforce: 'post', // after the plugin's own transform, which adds the link
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const link = /<link rel="manifest" href="([^"]*)"[^>]*>/.exec(html);
        if (link?.[1] !== MANIFEST_HREF) {
          throw new Error(
            `index.html has no <link rel="manifest" href="${MANIFEST_HREF}"> to move`,
          );
        }
        return html.replace(link[0], '');
      },
    },
  };
}
