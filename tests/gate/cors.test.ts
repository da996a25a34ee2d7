/**
 * Which browser pages the gate answers: loopback origins on any port (Google's emulator alone
 * answers every origin, with credentials). Browsers send Origin on every cross-origin request;
 * fetch here sends the header by hand, as a page at that origin would.
 */
import { doc, getDoc, setDoc } from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENGINE_URL, startGateWith, type GateHarness as Harness } from './gateHarness';

const PROJECT = 'demo-gate-cors';
const DOCUMENTS = `/v1/projects/${PROJECT}/databases/(default)/documents`;
const RULES = `/emulator/v1/projects/${PROJECT}:securityRules`;
const CLEAR = `/emulator/v1/projects/${PROJECT}/databases/(default)/documents`;
const ALLOW_ALL =
  "rules_version = '2'; service cloud.firestore { match /{d=**} { allow read, write; } }";

let h: Harness;
beforeAll(async () => {
  h = await startGateWith(PROJECT);
  // Every write allowed, so only the gate stands between a foreign page and the data.
  await h.raw('PUT', RULES, {
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: ALLOW_ALL }] } }),
  });
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
    const before = await preflight(`${h.gate.url}${RULES}`, origin, 'PUT');
    expect(before.status).toBe(204);
    expect(before.headers.get('access-control-allow-origin')).toBe(origin);
    expect(before.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(before.headers.get('vary')).toContain('Origin');

    const response = await simplePost(`${h.gate.url}${DOCUMENTS}:runQuery`, origin, {
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
        const response = await preflight(`${h.gate.url}${path}`, origin, method);
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
    // The rules allow everything here, so the delete would go through if it ran.
    const db = h.client();
    await setDoc(doc(db, 'posts', 'a'), { title: 'kept' });
    const response = await simplePost(
      `${h.gate.url}${DOCUMENTS}:commit`,
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
    const put = await fetch(`${h.gate.url}${RULES}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: ALLOW_ALL }] } }),
    });
    const clear = await fetch(`${h.gate.url}${CLEAR}`, { method: 'DELETE', headers });
    expect([put.status, clear.status]).toEqual([403, 403]);
    expect((await getDoc(doc(db, 'posts', 'a'))).get('title')).toBe('kept');
  });
});

describe('requests without an Origin header (Node clients, the SDK in tests)', () => {
  it('are served as before, with no CORS headers', async () => {
    const db = h.client();
    await setDoc(doc(db, 'posts', 'a'), { title: 'gone soon' });
    const response = await simplePost(`${h.gate.url}${DOCUMENTS}:commit`, null, deletePostA);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect((await getDoc(doc(db, 'posts', 'a'))).exists()).toBe(false);
  });
});

describe("Google's emulator alone", () => {
  it('answers any origin: what the gate is for', async () => {
    const response = await preflight(`${ENGINE_URL}${CLEAR}`, 'http://evil.example', 'DELETE');
    expect(response.headers.get('access-control-allow-origin')).toBe('http://evil.example');
  });
});
