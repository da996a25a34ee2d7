import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firestoreRunQueryUrl } from '../../../scripts/lib/appEnv';
import { loadIndexHtml } from '../../../tests/support/app/indexHtml';
import { writeFirstPageRequest } from '../../../vite.config';
import { firstPageRequest } from '../../shared/posts/postsQuery';
import { listPosts } from './store/postPages';
import { isSameRequest } from '../../sw/firestoreRequests';

/**
 * The saved first page is found only while index.html's request, the app's own and the one the
 * service worker keeps are the same bytes: all three come from postsQuery.firstPageRequest.
 */

interface Sent {
  url: string;
  method: unknown;
  headers: unknown;
  body: string;
}

/** The address the build gives index.html, for the settings this test worker runs with. */
function runQueryUrl(): string {
  const env = (key: string) => String(import.meta.env[key] ?? '');
  return firestoreRunQueryUrl({
    VITE_USE_EMULATORS: env('VITE_USE_EMULATORS'),
    VITE_FIREBASE_PROJECT_ID: env('VITE_FIREBASE_PROJECT_ID'),
    VITE_FIREBASE_API_KEY: env('VITE_FIREBASE_API_KEY'),
    VITE_FIRESTORE_EMULATOR_HOST: env('VITE_FIRESTORE_EMULATOR_HOST'),
  });
}

/** A fetch that records what it was asked and never answers. */
function recordingFetch() {
  return vi.fn((_url: unknown, _init?: RequestInit) => new Promise<Response>(() => {}));
}

/** The `call`th request of `calls` the fetch was asked for. */
function sent(fetch: ReturnType<typeof recordingFetch>, calls = 1, call = 0): Sent {
  expect(fetch).toHaveBeenCalledTimes(calls);
  const [url, init] = fetch.mock.calls[call];
  return {
    url: String(url),
    method: init?.method,
    headers: init?.headers,
    body: String(init?.body),
  };
}

/**
 * index.html as the build writes it, its inline scripts run as a browser runs them: the first
 * page's request, its only one (the pinned post comes in it).
 */
function sentByIndexHtml(): Sent {
  const html = writeFirstPageRequest(readFileSync('index.html', 'utf8'), runQueryUrl());
  const fetch = recordingFetch();
  vi.stubGlobal('fetch', fetch);
  loadIndexHtml(html);
  vi.unstubAllGlobals();
  // Left unanswered: the reader below must send its own request, not take this one over.
  Reflect.deleteProperty(window, '__feedFirstPage');
  return sent(fetch);
}

/** The app's reader, when index.html's request is not there to take over. */
async function sentByReader(cursor: Parameters<typeof listPosts>[0]): Promise<Sent> {
  const fetch = recordingFetch();
  vi.stubGlobal('fetch', fetch);
  void listPosts(cursor);
  await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
  return sent(fetch);
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.replaceChildren();
  Reflect.deleteProperty(window, '__feedFirstPage');
});

describe("the first page's request", () => {
  it('is the same bytes from index.html and from the app, and the service worker keeps exactly it', async () => {
    const fromPage = sentByIndexHtml();
    const fromReader = await sentByReader(null);

    expect(fromPage).toEqual(fromReader);
    expect(fromPage).toEqual({
      url: runQueryUrl(),
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: firstPageRequest(runQueryUrl()).body,
    });
    const kept = firstPageRequest(runQueryUrl());
    expect(isSameRequest(fromPage, kept)).toBe(true);
    expect(isSameRequest(fromReader, kept)).toBe(true);
  });

  it("is not Load More's: the service worker leaves the next pages alone", async () => {
    const next = await sentByReader({ created: 1, id: 'a' });
    expect(next.url).toBe(runQueryUrl());
    expect(isSameRequest(next, firstPageRequest(runQueryUrl()))).toBe(false);
    const spaced = JSON.stringify(JSON.parse(firstPageRequest(runQueryUrl()).body), null, 2);
    expect(
      isSameRequest({ url: runQueryUrl(), body: spaced }, firstPageRequest(runQueryUrl())),
    ).toBe(false);
  });
});
