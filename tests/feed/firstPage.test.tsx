import { readFileSync } from 'node:fs';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/App';
import { PAGE_SIZE } from '../../src/config';
import { FIRST_RENDER_POSTS } from '../../src/feed/useRenderedCount';
import { firstPageWithin, takeArrivedFirstPage } from '../../src/feedStore';
import { buildPosts, clearFirestore, seedPosts } from './support/firestore';
import { runIndexHtmlInlineScripts } from './support/indexHtml';
import { startFirestoreProxy, type FirestoreProxy } from './support/proxy';
import { renderApp, resetApp } from './support/renderApp';

// The app (and index.html's script) talk to Firestore through a proxy that records each request.
const PROXY_PORT = await vi.hoisted(async () => {
  const { testWorkerPort } = await import('../../scripts/lib/testPorts');
  const port = testWorkerPort(1);
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
    expect(window.__feedFirstPage?.promise).toBeInstanceOf(Promise);
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

describe('a first render that already holds the posts', () => {
  it('shows the first cards at once, then the rest of the page, and only then Load More', async () => {
    await seedPosts(buildPosts(40));
    runIndexHtmlInlineScripts();
    await window.__feedFirstPage?.promise;
    const page = takeArrivedFirstPage();
    expect(page?.posts).toHaveLength(PAGE_SIZE);
    expect(window.__feedFirstPage).toBeUndefined();

    render(<App firstPage={page} />);
    // The very first render: posts, no "Loading posts…", the feed busy while cards are added.
    expect(articles()).toHaveLength(FIRST_RENDER_POSTS);
    expect(screen.queryByText('Loading posts…')).not.toBeInTheDocument();
    expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();

    await waitFor(() => expect(articles()).toHaveLength(PAGE_SIZE));
    expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('button', { name: 'Load More' })).toBeInTheDocument();
    expect(queries()).toHaveLength(1); // the prefetch alone: the SDK was not needed
  });

  it('waits for a prefetch still on its way, and not longer than asked', async () => {
    await seedPosts(buildPosts(2));
    const held = proxy.hold(':runQuery');
    runIndexHtmlInlineScripts();
    await held.arrived;
    const started = Date.now();
    expect(await firstPageWithin(200)).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);

    const waiting = firstPageWithin(10_000);
    held.release();
    const page = await waiting;
    expect(page?.posts).toHaveLength(2);
  });

  it("preloads the newest post's picture, and only an http(s) or same-site one", async () => {
    const [newest, older] = buildPosts(2);
    await seedPosts([{ ...newest, imageUrl: '/images/signing-striker.svg' }, older]);
    runIndexHtmlInlineScripts();
    await window.__feedFirstPage?.promise;
    const preloads = () => document.head.querySelectorAll('link[rel="preload"][as="image"]');
    expect(preloads()).toHaveLength(1);
    expect(preloads()[0]).toHaveAttribute('href', '/images/signing-striker.svg');
    preloads()[0].remove();

    await clearFirestore();
    await seedPosts([{ ...newest, imageUrl: 'javascript:alert(1)' }]);
    runIndexHtmlInlineScripts();
    await window.__feedFirstPage?.promise;
    expect(preloads()).toHaveLength(0);
    window.__feedFirstPage = undefined;
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
