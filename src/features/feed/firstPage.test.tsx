import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { PAGE_SIZE } from '../../shared/posts/postsQuery';
import {
  buildPosts,
  clearFirestore,
  pinElsewhere,
  seedPosts,
} from '../../../tests/support/app/firestore';
import { runIndexHtmlInlineScripts } from '../../../tests/support/app/indexHtml';
import { PAGE_QUERY, POSTS_QUERY, startFirestoreProxy } from '../../../tests/support/app/proxy';
import { renderApp, resetApp } from '../../../tests/support/app/renderApp';

// The app (and index.html's script) talk to Firestore through a proxy that records each request.
const PROXY_PORT = await vi.hoisted(async () =>
  (await import('../../../tests/support/app/proxyPort')).routeAppThroughProxy(1),
);

const proxy = await startFirestoreProxy(PROXY_PORT);
afterAll(() => proxy.close());
beforeEach(async () => {
  await resetApp();
  proxy.seen.length = 0;
  proxy.requests.length = 0;
});

/** index.html's first-page request (the pinned post first in it) has answered. */
const answered = () => window.__feedFirstPage?.promise;

const articles = () => within(screen.getByRole('feed')).queryAllByRole('article');
/** The feed's page queries (the deals strip asks for deals besides, once the first page is shown). */
const queries = () =>
  proxy.requests.filter(({ body }) => body.includes(PAGE_QUERY)).map(({ path }) => path);

describe("index.html's first-page request (one data path, one decoder)", () => {
  it('serves the first page from the request; Load More asks the same REST query after it', async () => {
    await seedPosts(buildPosts(40));
    runIndexHtmlInlineScripts();
    expect(window.__feedFirstPage?.promise).toBeInstanceOf(Promise);
    const { user } = await renderApp();
    expect(articles()).toHaveLength(PAGE_SIZE);
    expect(window.__feedFirstPage).toBeUndefined();
    // One request so far: the script's own (plain fetch, no API key; the SDK would add ?key=).
    expect(queries()).toHaveLength(1);
    expect(queries()[0]).not.toContain('key=');

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(articles()).toHaveLength(40));
    // The next page is the same plain request, not the SDK's: one transport, one decoder.
    expect(queries()).toHaveLength(2);
    expect(queries()[1]).toBe(queries()[0]);
  });

  it('asks for one more than a page: a first page that is all there is offers no Load More', async () => {
    await seedPosts(buildPosts(PAGE_SIZE));
    runIndexHtmlInlineScripts();
    await renderApp();
    expect(articles()).toHaveLength(PAGE_SIZE);
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(queries()).toHaveLength(1);
  });

  // index.html's request is the first of three tries: one or two failures are ridden out.
  it.each([1, 2])(
    'asks again when the request fails %i time(s), without an error',
    async (fails) => {
      await seedPosts(buildPosts(3));
      proxy.fail(PAGE_QUERY, 503, fails);
      runIndexHtmlInlineScripts();
      await renderApp();
      await waitFor(() => expect(articles()).toHaveLength(3));
      expect(queries()).toHaveLength(fails + 1);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it('says so with Retry when all three tries fail', async () => {
    await seedPosts(buildPosts(3));
    proxy.fail(PAGE_QUERY, 503, 3);
    runIndexHtmlInlineScripts();
    const { user } = await renderApp();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The posts could not be loaded.');
    expect(queries()).toHaveLength(3);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(articles()).toHaveLength(3));
  });

  it('shows "Loading posts…" while the request is on its way, then its posts', async () => {
    await seedPosts(buildPosts(2));
    const held = proxy.hold(POSTS_QUERY);
    runIndexHtmlInlineScripts();
    await held.arrived;
    await renderApp({ waitForFeed: false });
    expect(await screen.findByText('Loading posts…')).toBeInTheDocument();
    held.release();
    await waitFor(() => expect(articles()).toHaveLength(2));
    expect(screen.queryByText('Loading posts…')).not.toBeInTheDocument();
    expect(queries()).toHaveLength(1); // the script's request, not a second one from the SDK
  });
});

describe('a first render that already holds the posts', () => {
  it('shows the first cards at once, then the rest of the page in the background', async () => {
    await seedPosts(buildPosts(40));
    runIndexHtmlInlineScripts();
    // index.html's answer in: the first render shows it.
    await answered();

    // Rendered as app/main.tsx does, outside act(), to see the very first commit on its own.
    const actEnvironment: unknown = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    try {
      flushSync(() =>
        root.render(
          <StrictMode>
            <App />
          </StrictMode>,
        ),
      );
      // The very first render: posts, no "Loading posts…", the feed busy while cards are added.
      expect(articles().length).toBeGreaterThan(0);
      expect(articles().length).toBeLessThan(PAGE_SIZE);
      expect(screen.queryByText('Loading posts…')).not.toBeInTheDocument();
      expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'true');

      await waitFor(() => expect(articles()).toHaveLength(PAGE_SIZE));
      expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'false');
      expect(screen.getByRole('button', { name: 'Load More' })).not.toHaveAttribute(
        'aria-disabled',
        'true',
      );
      expect(queries()).toHaveLength(1); // the script's request alone: the SDK was not needed
    } finally {
      root.unmount();
      Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
    }
  });

  it("preloads the newest post's picture, and only an http(s) or same-site one", async () => {
    const [newest, older] = buildPosts(2);
    await seedPosts([{ ...newest, imageUrl: '/images/signing-striker.svg' }, older]);
    runIndexHtmlInlineScripts();
    await answered();
    const preloads = () => document.head.querySelectorAll('link[rel="preload"][as="image"]');
    expect(preloads()).toHaveLength(1);
    expect(preloads()[0]).toHaveAttribute('href', '/images/signing-striker.svg');
    preloads()[0].remove();

    await clearFirestore();
    await seedPosts([{ ...newest, imageUrl: 'javascript:alert(1)' }]);
    runIndexHtmlInlineScripts();
    await answered();
    expect(preloads()).toHaveLength(0);
    window.__feedFirstPage = undefined;
  });

  it("preloads the pinned post's picture, which leads the first page, and no other", async () => {
    const posts = await seedPosts(
      buildPosts(2).map((post, index) => ({ ...post, imageUrl: `/images/${index}.svg` })),
    );
    await pinElsewhere(posts[1].id);
    runIndexHtmlInlineScripts();
    await answered();
    expect(takePreloads()).toEqual([posts[1].imageUrl]);
    expect(queries()).toHaveLength(1); // one request brings the pinned post and the page
  });
});

/** The pictures index.html's script preloaded, removed so the next test starts with none. */
function takePreloads(): (string | null)[] {
  const preloads = document.head.querySelectorAll('link[rel="preload"][as="image"]');
  const hrefs = [...preloads].map((link) => link.getAttribute('href'));
  for (const link of preloads) link.remove();
  window.__feedFirstPage = undefined;
  return hrefs;
}

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
