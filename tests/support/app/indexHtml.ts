import { readFileSync } from 'node:fs';
import { firestoreRunQueryUrl } from '../../../scripts/lib/appEnv';
import { FIRST_PAGE_REQUEST_META, firstPageRequest } from '../../../src/shared/posts/postsQuery';

/**
 * Runs index.html's inline script(s) in the test's window, after adding the <meta>s the build fills
 * (the first page's request, to the address from the env the test stubbed):
 * the theme-before-first-paint and the first-page prefetch under test.
 */
export function runIndexHtmlInlineScripts(): void {
  const html = readFileSync('index.html', 'utf8');
  const runQueryUrl = firestoreRunQueryUrl({
    VITE_USE_EMULATORS: env('VITE_USE_EMULATORS'),
    VITE_FIREBASE_PROJECT_ID: env('VITE_FIREBASE_PROJECT_ID'),
    VITE_FIREBASE_API_KEY: env('VITE_FIREBASE_API_KEY'),
    VITE_FIRESTORE_EMULATOR_HOST: env('VITE_FIRESTORE_EMULATOR_HOST'),
  });
  setMeta(FIRST_PAGE_REQUEST_META, firstPageRequest(runQueryUrl));
  for (const match of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    if (/%VITE_/.test(match[1])) throw new Error('index.html inline scripts must not use %VITE_*%');
    // The script is the project's own index.html, run as the browser would run it.
    new Function(match[1])();
  }
}

function setMeta(name: string, request: unknown): void {
  document.head.querySelector(`meta[name="${name}"]`)?.remove();
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = JSON.stringify(request);
  document.head.append(meta);
}

function env(key: string): string {
  const value: unknown = import.meta.env[key];
  if (typeof value !== 'string') throw new Error(`index.html needs ${key}, which is not set`);
  return value;
}

/**
 * Puts `html`'s <head> (index.html as the build writes it) into the test's document, then runs its
 * inline scripts there, as a browser would while parsing it.
 */
export function loadIndexHtml(html: string): void {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const scripts = [...parsed.head.querySelectorAll('script:not([src])')];
  for (const script of scripts) script.remove();
  document.head.replaceChildren(
    ...[...parsed.head.children].map((node) => document.importNode(node, true)),
  );
  // The project's own index.html, run as the browser would run it.
  for (const script of scripts) new Function(script.textContent)();
}
