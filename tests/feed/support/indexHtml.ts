import { readFileSync } from 'node:fs';

/**
 * Runs index.html's inline script(s) in the test's window, with %VITE_*% filled from the env the
 * way Vite fills them: the theme-before-first-paint and the first-page prefetch under test.
 */
export function runIndexHtmlInlineScripts(): void {
  const html = readFileSync('index.html', 'utf8');
  for (const match of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    const source = match[1].replace(/%(VITE_[A-Z_]+)%/g, (_, key: string) => {
      const value = import.meta.env[key];
      if (typeof value !== 'string') throw new Error(`index.html uses ${key}, which is not set`);
      return value;
    });
    // The script is the project's own index.html, run as the browser would run it.
    new Function(source)();
  }
}
