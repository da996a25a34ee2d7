import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_QUERY, pageQuery, runQueryUrl } from '../data/postsQuery';
import { carriesCredentials, isFirstPageBody, isPostUrl, isRunQueryUrl } from './firestoreRequests';

const hosted = new URL(runQueryUrl({ projectId: 'club', apiKey: 'k', emulatorHost: null }));
const emulator = new URL(
  runQueryUrl({ projectId: 'club', apiKey: '', emulatorHost: '127.0.0.1:8080' }),
);
const documents = 'https://firestore.googleapis.com/v1/projects/club/databases/(default)/documents';

describe('what the service worker may keep', () => {
  it("keeps the first page's exact query only, however it is spaced", () => {
    expect(isFirstPageBody(JSON.stringify(FIRST_PAGE_QUERY))).toBe(true);
    expect(isFirstPageBody(JSON.stringify(FIRST_PAGE_QUERY, null, 2))).toBe(true);
    // Load More's pages carry a cursor.
    const next = pageQuery({ created: 1, id: 'a' }, 'club');
    expect(isFirstPageBody(JSON.stringify(next))).toBe(false);
    const bigger = { structuredQuery: { ...FIRST_PAGE_QUERY.structuredQuery, limit: 50 } };
    expect(isFirstPageBody(JSON.stringify(bigger))).toBe(false);
    expect(isFirstPageBody('not json')).toBe(false);
  });

  it("answers the feed's own runQuery address only", () => {
    expect(isRunQueryUrl(new URL(hosted.href), hosted)).toBe(true);
    expect(isRunQueryUrl(new URL(emulator.href), emulator)).toBe(true);
    expect(isRunQueryUrl(new URL(`${documents}:runQuery?key=other`), hosted)).toBe(false);
    expect(isRunQueryUrl(new URL(`${documents}:commit?key=k`), hosted)).toBe(false);
  });

  it("keeps single posts of the feed's database, nothing nested or elsewhere", () => {
    expect(isPostUrl(new URL(`${documents}/posts/abc?key=k`), hosted)).toBe(true);
    expect(
      isPostUrl(
        new URL('http://127.0.0.1:8080/v1/projects/club/databases/(default)/documents/posts/abc'),
        emulator,
      ),
    ).toBe(true);
    expect(isPostUrl(new URL(`${documents}/posts/`), hosted)).toBe(false);
    expect(isPostUrl(new URL(`${documents}/posts/abc/comments/x`), hosted)).toBe(false);
    expect(isPostUrl(new URL(`${documents}/commenters/uid`), hosted)).toBe(false);
    expect(isPostUrl(new URL(`${documents}/posts/abc`), emulator)).toBe(false);
    expect(
      isPostUrl(
        new URL(
          'https://firestore.googleapis.com/v1/projects/other/databases/(default)/documents/posts/a',
        ),
        hosted,
      ),
    ).toBe(false);
  });

  it('never keeps a request carrying a token or cookies', () => {
    const plain = new Request(hosted, { method: 'POST', body: '{}' });
    expect(carriesCredentials(plain)).toBe(false);
    const signedIn = new Request(hosted, { headers: { Authorization: 'Bearer token' } });
    expect(carriesCredentials(signedIn)).toBe(true);
    expect(carriesCredentials(new Request(hosted, { credentials: 'include' }))).toBe(true);
  });
});
