import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firestoreRestSettings, firestoreRunQueryUrl } from '../../../scripts/lib/appEnv';
import { writeFirstPageRequest, writePostRequest } from '../../../vite.config';
import { postUrl } from '../../shared/posts/postsQuery';
import { readPost } from '../../shared/posts/restReads';
import { arrivedSharedPost, takeSharedRead } from './store/sharedPostRead';
import { loadIndexHtml } from '../../../tests/support/app/indexHtml';

/**
 * A permalink's post is asked for by index.html's inline script, beside the first page, with the
 * same GET the app sends (postsQuery.postRequest, the one builder), and never for an id that cannot
 * name a post (shared/posts/permalink.ts POST_ID_RULE, which the build writes into the
 * page).
 */

const env = (key: string) => String(import.meta.env[key] ?? '');
const buildEnv = {
  VITE_USE_EMULATORS: env('VITE_USE_EMULATORS'),
  VITE_FIREBASE_PROJECT_ID: env('VITE_FIREBASE_PROJECT_ID'),
  VITE_FIREBASE_API_KEY: env('VITE_FIREBASE_API_KEY'),
  VITE_FIRESTORE_EMULATOR_HOST: env('VITE_FIRESTORE_EMULATOR_HOST'),
};
const settings = firestoreRestSettings(buildEnv);

/** index.html as the build writes it. */
const builtHtml = writePostRequest(
  writeFirstPageRequest(readFileSync('index.html', 'utf8'), firestoreRunQueryUrl(buildEnv)),
  settings,
);

/** The GETs index.html's inline script sends at `search`, answered by `answer`. */
function getsSentAt(search: string, answer = () => new Promise<Response>(() => {})): string[] {
  history.replaceState(null, '', `/${search}`);
  const fetch = vi.fn((_url: unknown, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetch);
  loadIndexHtml(builtHtml);
  vi.unstubAllGlobals();
  return fetch.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === 'GET')
    .map(([url]) => String(url));
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.replaceChildren();
  history.replaceState(null, '', '/');
  Reflect.deleteProperty(window, '__feedFirstPage');
  Reflect.deleteProperty(window, '__feedSharedPost');
});

describe("a permalink's post, read by index.html", () => {
  it.each(['abc123', 'a b:c?d&e', 'ü😀'])('%j: the GET the app itself sends', async (id) => {
    const [sent, ...more] = getsSentAt(`?post=${encodeURIComponent(id)}`);
    expect(more).toEqual([]);
    expect(sent).toBe(postUrl(id, settings));

    const fetch = vi.fn((_url: unknown, _init?: RequestInit) => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    void readPost(id);
    expect(String(fetch.mock.calls[0][0])).toBe(sent);
  });

  it.each([
    ['empty', ''],
    ['a dot segment', '..'],
    ['reserved', '__reserved__'],
    ['1,501 bytes', 'x'.repeat(1501)],
    ['1,502 bytes of é', 'é'.repeat(751)],
  ])('a malformed id (%s) is never asked for', (_, id) => {
    expect(getsSentAt(`?post=${encodeURIComponent(id)}`)).toEqual([]);
    expect(window.__feedSharedPost).toBeUndefined();
  });

  it('no permalink, no read', () => {
    expect(getsSentAt('')).toEqual([]);
  });

  it("a 404 is an answer: the app's first render knows the post is missing", async () => {
    const notFound = () => Promise.resolve(new Response('{"error":{"code":404}}', { status: 404 }));
    getsSentAt('?post=gone', notFound);
    await window.__feedSharedPost?.promise;
    expect(arrivedSharedPost('gone')).toEqual({ post: null });
    await expect(takeSharedRead('gone')).resolves.toBeNull();
  });
});
