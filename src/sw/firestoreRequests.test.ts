import { describe, expect, it } from 'vitest';
import { runQueryUrl } from '../shared/posts/postsQuery';
import { carriesCredentials, isPostUrl, isRunQueryUrl } from './firestoreRequests';

const hosted = new URL(runQueryUrl({ projectId: 'club', apiKey: 'k', emulatorHost: null }));
const emulator = new URL(
  runQueryUrl({ projectId: 'club', apiKey: '', emulatorHost: '127.0.0.1:8080' }),
);
const documents = 'https://firestore.googleapis.com/v1/projects/club/databases/(default)/documents';

describe('what the service worker may keep', () => {
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
