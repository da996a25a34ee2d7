import { readFileSync } from 'node:fs';
import { firestoreRunQueryUrl } from '../../../scripts/lib/appEnv';
import { FIRST_PAGE_QUERY, FIRST_PAGE_QUERY_META } from '../../../src/data/postsQuery';

/**
 * Runs index.html's inline script(s) in the test's window, after adding the <meta>s the build
 * fills (the address from the env the test stubbed, the first page's query): the theme-before-first-paint and the first-page prefetch
 * under test.
 */
export function runIndexHtmlInlineScripts(): void {
  const html = readFileSync('index.html', 'utf8');
  document.head.querySelector('meta[name="feed-first-page"]')?.remove();
  const meta = document.createElement('meta');
  meta.name = 'feed-first-page';
  meta.content = firestoreRunQueryUrl({
    VITE_USE_EMULATORS: env('VITE_USE_EMULATORS'),
    VITE_FIREBASE_PROJECT_ID: env('VITE_FIREBASE_PROJECT_ID'),
    VITE_FIREBASE_API_KEY: env('VITE_FIREBASE_API_KEY'),
    VITE_FIRESTORE_EMULATOR_HOST: env('VITE_FIRESTORE_EMULATOR_HOST'),
  });
  document.head.append(meta);
  document.head.querySelector(`meta[name="${FIRST_PAGE_QUERY_META}"]`)?.remove();
  const query = document.createElement('meta');
  query.name = FIRST_PAGE_QUERY_META;
  query.content = JSON.stringify(FIRST_PAGE_QUERY);
  document.head.append(query);
  for (const match of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    if (/%VITE_/.test(match[1])) throw new Error('index.html inline scripts must not use %VITE_*%');
    // The script is the project's own index.html, run as the browser would run it.
    new Function(match[1])();
  }
}

function env(key: string): string {
  const value: unknown = import.meta.env[key];
  if (typeof value !== 'string') throw new Error(`index.html needs ${key}, which is not set`);
  return value;
}
