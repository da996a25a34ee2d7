import { readFileSync } from 'node:fs';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_SIZE } from '../../src/config';
import { buildPosts, seedPosts } from './support/firestore';
import { runIndexHtmlInlineScripts } from './support/indexHtml';
import { startFirestoreProxy, type FirestoreProxy } from './support/proxy';
import { renderApp, resetApp } from './support/renderApp';

// The app (and index.html's script) talk to Firestore through a proxy that records each request.
const PROXY_PORT = vi.hoisted(() => {
  const port = 18_400 + Number(process.env.VITEST_POOL_ID ?? '0');
  vi.stubEnv('VITE_FIRESTORE_EMULATOR_HOST', `127.0.0.1:${port}`);
  return port;
});

let proxy: FirestoreProxy;
beforeAll(async () => {
  proxy = await startFirestoreProxy(PROXY_PORT);
});
afterAll(() => proxy.close());
beforeEach(async () => {
  await resetApp();
  proxy.seen.length = 0;
});

const articles = () => within(screen.getByRole('feed')).queryAllByRole('article');
const queries = () => proxy.seen.filter((path) => path.includes(':runQuery'));

describe("index.html's first-page prefetch (one data path, two transports)", () => {
  it('asks for one more than a page, so the app knows whether Load More has anything', () => {
    expect(PAGE_SIZE).toBe(35);
    expect(readFileSync('index.html', 'utf8')).toContain(`limit: ${PAGE_SIZE + 1}`);
  });

  it('serves the first page from the prefetch; Load More then uses the SDK', async () => {
    await seedPosts(buildPosts(40));
    runIndexHtmlInlineScripts();
    expect(window.__feedFirstPage).toBeInstanceOf(Promise);
    const { user } = await renderApp();
    expect(articles()).toHaveLength(35);
    expect(window.__feedFirstPage).toBeUndefined();
    // One request so far: the script's own (plain fetch, no API key); the SDK adds ?key=.
    expect(queries()).toHaveLength(1);
    expect(queries()[0]).not.toContain('key=');

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(articles()).toHaveLength(40));
    expect(queries()).toHaveLength(2);
    expect(queries()[1]).toContain('key=');
  });

  it('falls back to the SDK when the prefetch fails', async () => {
    await seedPosts(buildPosts(3));
    proxy.fail(':runQuery', 503);
    runIndexHtmlInlineScripts();
    await renderApp();
    await waitFor(() => expect(articles()).toHaveLength(3));
    expect(queries()).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe("index.html's theme script (before first paint)", () => {
  it('applies dark by default and the remembered light theme', () => {
    delete document.documentElement.dataset.theme;
    runIndexHtmlInlineScripts();
    expect(document.documentElement.dataset.theme).toBe('dark');
    localStorage.setItem('feed.theme', 'light');
    runIndexHtmlInlineScripts();
    expect(document.documentElement.dataset.theme).toBe('light');
    window.__feedFirstPage = undefined;
  });
});
