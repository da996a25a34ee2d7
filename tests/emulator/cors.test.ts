/**
 * Which browser pages the emulator answers: loopback origins on any port, plus those named with
 * `allowOrigins` (--allow-origin). Browsers send Origin on every cross-origin request; fetch here
 * sends the header by hand, as a page at that origin would.
 */
import { doc, getDoc, setDoc } from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFirestoreEmulator } from '../../emulator/server';
import { startHarness, type Harness } from '../support/harness';

const PROJECT = 'demo-emulator-cors';
const DOCUMENTS = `/v1/projects/${PROJECT}/databases/(default)/documents`;
const RULES = `/emulator/v1/projects/${PROJECT}:securityRules`;
const CLEAR = `/emulator/v1/projects/${PROJECT}/databases/(default)/documents`;
const ALLOW_ALL =
  "rules_version = '2'; service cloud.firestore { match /{d=**} { allow read, write; } }";

let h: Harness;
beforeAll(async () => {
  h = await startHarness(PROJECT);
});
afterAll(() => h.close());
beforeEach(() => h.clear());

/** A CORS preflight, as a browser sends before a PUT, DELETE or a request with Authorization. */
function preflight(url: string, origin: string, method: string): Promise<Response> {
  return fetch(url, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'content-type,authorization',
    },
  });
}

/** A "simple" request (text/plain POST): browsers send it without a preflight. */
function simplePost(url: string, origin: string | null, body: unknown): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'text/plain' };
  if (origin !== null) headers.origin = origin;
  return fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
}

const deletePostA = {
  writes: [{ delete: `projects/${PROJECT}/databases/(default)/documents/posts/a` }],
};

describe('browser origins on the loopback interface', () => {
  it.each([
    'http://localhost:5173',
    'http://localhost',
    'http://127.0.0.1:4173',
    'http://127.0.0.1:65535',
    'http://[::1]:5173',
  ])('%s is answered, preflight and request', async (origin) => {
    const before = await preflight(`${h.emulator.url}${RULES}`, origin, 'PUT');
    expect(before.status).toBe(204);
    expect(before.headers.get('access-control-allow-origin')).toBe(origin);
    expect(before.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(before.headers.get('vary')).toContain('Origin');

    const response = await simplePost(`${h.emulator.url}${DOCUMENTS}:runQuery`, origin, {
      structuredQuery: { from: [{ collectionId: 'posts' }] },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('vary')).toContain('Origin');
  });
});

describe('any other origin', () => {
  it.each([
    'http://evil.example',
    'https://evil.example:5173',
    'http://localhost.evil.example:5173',
    'http://127.0.0.1.nip.io:8080',
    'https://localhost:5173',
    'null',
  ])(
    '%s: its preflight for PUT rules and DELETE data fails, with no CORS headers',
    async (origin) => {
      for (const [path, method] of [
        [RULES, 'PUT'],
        [CLEAR, 'DELETE'],
        [`${DOCUMENTS}:commit`, 'POST'],
      ]) {
        const response = await preflight(`${h.emulator.url}${path}`, origin, method);
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
        expect(response.headers.get('access-control-allow-methods')).toBeNull();
        expect(response.headers.get('vary')).toContain('Origin');
        expect(await response.json()).toMatchObject({
          error: {
            code: 403,
            status: 'PERMISSION_DENIED',
            message: expect.stringContaining(origin),
          },
        });
      }
    },
  );

  it('gets no Access-Control-Allow-Origin on a simple POST, and the request does nothing', async () => {
    // No rules are loaded here, so the delete would be allowed if it ran.
    const db = h.client();
    await setDoc(doc(db, 'posts', 'a'), { title: 'kept' });
    const response = await simplePost(
      `${h.emulator.url}${DOCUMENTS}:commit`,
      'http://evil.example',
      deletePostA,
    );
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect((await getDoc(doc(db, 'posts', 'a'))).get('title')).toBe('kept');
  });

  it('cannot replace the rules or clear the data even by sending the request itself', async () => {
    const db = h.client();
    await setDoc(doc(db, 'posts', 'a'), { title: 'kept' });
    const headers = { origin: 'http://evil.example', 'content-type': 'application/json' };
    const put = await fetch(`${h.emulator.url}${RULES}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: ALLOW_ALL }] } }),
    });
    const clear = await fetch(`${h.emulator.url}${CLEAR}`, { method: 'DELETE', headers });
    expect([put.status, clear.status]).toEqual([403, 403]);
    expect((await getDoc(doc(db, 'posts', 'a'))).get('title')).toBe('kept');
  });
});

describe('requests without an Origin header (Node clients, the SDK in tests)', () => {
  it('are served as before, with no CORS headers', async () => {
    const db = h.client();
    await setDoc(doc(db, 'posts', 'a'), { title: 'gone soon' });
    const response = await simplePost(`${h.emulator.url}${DOCUMENTS}:commit`, null, deletePostA);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect((await getDoc(doc(db, 'posts', 'a'))).exists()).toBe(false);
  });
});

describe('allowOrigins (--allow-origin)', () => {
  let club: Harness;
  beforeAll(async () => {
    club = await startHarness(PROJECT, {
      allowOrigins: ['https://club.example', 'http://10.0.0.5:5173/'],
    });
  });
  afterAll(() => club.close());

  it('admits exactly the named origins, besides the loopback ones', async () => {
    const at = (origin: string) => preflight(`${club.emulator.url}${CLEAR}`, origin, 'DELETE');
    for (const origin of [
      'https://club.example',
      'http://10.0.0.5:5173',
      'http://localhost:5173',
    ]) {
      const response = await at(origin);
      expect(response.status, origin).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    }
    for (const origin of [
      'http://club.example',
      'https://club.example:8443',
      'https://www.club.example',
      'http://10.0.0.5:5174',
      'http://evil.example',
    ]) {
      const response = await at(origin);
      expect(response.status, origin).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('answers Chrome’s private-network preflight for an admitted origin', async () => {
    const response = await fetch(`${club.emulator.url}${DOCUMENTS}:commit`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://club.example',
        'access-control-request-method': 'POST',
        'access-control-request-private-network': 'true',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-private-network')).toBe('true');
  });

  it('refuses to start with something that is not an origin', async () => {
    for (const value of ['club.example', 'https://club.example/app', '*', 'ftp://club.example']) {
      await expect(
        startFirestoreEmulator({ port: 0, log: () => {}, allowOrigins: [value] }),
        value,
      ).rejects.toThrow('is not an origin');
    }
  });
});
