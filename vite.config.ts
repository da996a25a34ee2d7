/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, loadEnv, minifySync, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { serviceWorker } from './scripts/lib/serviceWorker.ts';
import { firestoreRestSettings, resolveAppEnv } from './scripts/lib/appEnv.ts';
import { firstPageRequest, postRequest, type RestSettings } from './src/shared/posts/postsQuery.ts';
import { POST_ID_RULE } from './src/shared/posts/permalink.ts';
import { TEST_AUTH_HOST, TEST_FIRESTORE_HOST } from './scripts/lib/testPorts.ts';

const PREVIEW = { host: '127.0.0.1', port: 4173, strictPort: true };

export default defineConfig(({ mode, isPreview }) => {
  // `vite preview` only serves a finished build, whose settings were baked in when it was built
  // (an emulator build has no Firebase settings to check).
  if (isPreview) return { preview: PREVIEW };
  const appEnv = resolveAppEnv({ ...loadEnv(mode, process.cwd(), 'VITE_'), ...testEnv(mode) });
  // Checked values (scripts/lib/appEnv.ts) become real env values, so import.meta.env and %VITE_*%
  // in index.html both see them.
  Object.assign(process.env, appEnv);
  return {
    plugins: [
      react(),
      feedRequests(appEnv.VITE_FIRESTORE_RUN_QUERY_URL, firestoreRestSettings(appEnv)),
      inlineCss(),
      inlineFavicon(),
      minifyInlineScripts(),
      // Production builds only: `npm run dev` and Vitest have no service worker.
      ...(mode === 'test' ? [] : serviceWorker(appEnv.VITE_CLUB_NAME)),
    ],
    // Under Vitest the values stay runtime env (process.env above), so a test worker can stub them.
    define:
      mode === 'test'
        ? {}
        : Object.fromEntries(
            Object.entries(appEnv).map(([key, value]) => [
              `import.meta.env.${key}`,
              JSON.stringify(value),
            ]),
          ),
    server: { host: '127.0.0.1', port: 5173, strictPort: true },
    preview: PREVIEW,
    build: {
      target: 'es2022',
      // CSS per chunk: the entry's goes into index.html (inlineCss), a lazy chunk's loads with it.
      cssCodeSplit: true,
      // No <link rel=modulepreload> for a lazy chunk's own imports (so no polyfill for it either):
      // Chromium spends 2-5 ms of main thread on each link it inserts (measured after load, on the
      // phone-sized page), and the deals strip alone named 8, in the task that first rendered it;
      // Lighthouse's 4x CPU made that 100+ ms of TBT. A lazy chunk's imports now load when the
      // browser reads it, a round trip later, after the first page. Its CSS still loads with it.
      modulePreload: { polyfill: false, resolveDependencies: () => [] },
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Everything the entry imports statically stays in the entry chunk, also what lazy
            // chunks share with it (React): Rolldown would otherwise split that out into a small
            // shared chunk, a second request before the first paint (Lighthouse mobile: one more
            // round trip, LCP 1.84 s against 1.57 s before the split). Lazy code is split where it
            // is imported (a dynamic import() or React.lazy at its call site), never by folder.
            groups: [{ name: 'index', tags: ['$initial'] }],
          },
        },
      },
    },
    test: {
      // Limits for a test that is stuck, not a race: tests wait for conditions, and on a busy
      // 2-core machine a condition can take seconds (an emulator starting, a chunk transformed).
      testTimeout: 60_000,
      hookTimeout: 120_000,
      projects: [
        {
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            include: ['scripts/**/*.test.ts', 'tests/**/*.test.ts'],
            globalSetup: ['tests/support/globalSetup.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'app',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.tsx'],
            setupFiles: ['tests/support/appSetup.ts'],
            globalSetup: ['tests/support/globalSetup.ts'],
          },
        },
      ],
    },
  };
});

/**
 * Under Vitest the app talks to the test emulators (emulator mode asked for explicitly), never to a
 * developer's running dev ones.
 */
function testEnv(mode: string): Record<string, string> {
  if (mode !== 'test') return {};
  return {
    VITE_USE_EMULATORS: 'true',
    VITE_FIRESTORE_EMULATOR_HOST: TEST_FIRESTORE_HOST,
    VITE_AUTH_EMULATOR_HOST: TEST_AUTH_HOST,
  };
}

/**
 * Writes the first page's request (src/shared/posts/postsQuery.ts, the one place it is
 * built) into index.html's <meta name="feed-first-page-request">, which the inline script sends as
 * written, and a permalink's read into <meta name="feed-post-request">, which it sends with the
 * shared id.
 */
function feedRequests(runQueryUrl: string, settings: RestSettings): Plugin {
  return {
    name: 'feed-requests',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => writePostRequest(writeFirstPageRequest(html, runQueryUrl), settings),
    },
  };
}

/** index.html with the first page's request in its <meta> (an attribute value, so escaped). */
export function writeFirstPageRequest(html: string, runQueryUrl: string): string {
  return html.replace('%FEED_FIRST_PAGE_REQUEST%', () => metaValue(firstPageRequest(runQueryUrl)));
}

/**
 * index.html with a permalink's read in its <meta>: the GET's address with a slot for the id, and
 * which ids to ask for at all (shared/posts/permalink.ts POST_ID_RULE: a malformed one never
 * is).
 */
export function writePostRequest(html: string, settings: RestSettings): string {
  const request = { ...postRequest(settings), id: POST_ID_RULE };
  return html.replace('%FEED_POST_REQUEST%', () => metaValue(request));
}

function metaValue(value: unknown): string {
  return JSON.stringify(value).replaceAll('&', '&amp;').replaceAll('"', '&quot;');
}

/**
 * Puts the page's CSS, the entry chunk's (2 KB gzipped), into index.html as a <style> block: one
 * request less before the first paint (measured: FCP 1.42 → 1.26 s, LCP 1.64 → 1.57 s, Lighthouse
 * mobile). The Content-Security-Policy allows the block by hash: `npm run csp:hashes` after a CSS
 * change. A lazy chunk's CSS stays a file of its own, which Vite loads before the chunk resolves
 * (style-src 'self'); the inlined file is taken out of every chunk's CSS, so no lazy import waits
 * to preload a file that is gone ("Unable to preload CSS"). Runs before Vite's import analysis
 * (a user plugin's generateBundle comes first), which writes those preload lists from it.
 */
function inlineCss(): Plugin {
  return {
    name: 'inline-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset') return;
      let html = String(page.source);
      const inlined = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
        const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${file.fileName}"[^>]*>`);
        // Not linked by the page: a lazy chunk's, left in place.
        if (!link.test(html)) continue;
        html = html.replace(link, () => `<style>${String(file.source)}</style>`);
        inlined.add(file.fileName);
        delete bundle[file.fileName];
      }
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const css of inlined) chunk.viteMetadata?.importedCss.delete(css);
      }
      page.source = html;
    },
  };
}

/**
 * The favicon (public/logo.svg, 0.4 KB) goes into index.html as a data: URL: Chrome fetches a
 * linked favicon apart from the header's copy of the same file (its own request, never the page's
 * cache), and before the first paint that request shared a phone's link with the app's script
 * (Lighthouse mobile, LCP about 1.65 → 1.58 s). The Content-Security-Policy's img-src allows
 * data: (any https: picture is allowed already, so it opens nothing new).
 */
function inlineFavicon(): Plugin {
  const link = '<link rel="icon" href="/logo.svg" type="image/svg+xml" />';
  return {
    name: 'inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      if (!html.includes(link)) throw new Error(`index.html has no ${link} to inline`);
      const svg = readFileSync(resolve(import.meta.dirname, 'public/logo.svg'), 'utf8').trim();
      const dataUrl = `data:image/svg+xml,${encodeURIComponent(svg)}`;
      return html.replace(link, () => link.replace('/logo.svg', dataUrl));
    },
  };
}

/**
 * Minifies index.html's inline scripts in the build (Vite leaves classic inline scripts as
 * written): their comments are for whoever edits index.html, and the first load's script budget
 * counts every byte (1.8 → 0.8 KB gzipped). The Content-Security-Policy allows them by the hash of
 * the built text: `npm run csp:hashes` after an edit.
 */
function minifyInlineScripts(): Plugin {
  return {
    name: 'minify-inline-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /(<script>)([\s\S]*?)(<\/script>)/g,
          (_, open: string, source: string, close: string) =>
            `${open}${minifySync('index.html.js', source).code.trim()}${close}`,
        ),
    },
  };
}
