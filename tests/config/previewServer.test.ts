/**
 * The server of the e2e journeys and bench:web (Vite's preview server) answers as Firebase Hosting
 * would with firebase.json: the single-page rewrite, gzip, and the hosting headers by path, the
 * CSP's connect-src opened to the stack's emulators.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostingCsp, readHeaderRules } from '../../scripts/lib/hostingHeaders';
import { servePreview, type PreviewServer } from '../../scripts/lib/previewServer';
import { emulatorHeaderRules } from '../../scripts/lib/stack';
import { HOST, type StackPorts } from '../../scripts/lib/testPorts';

const PORTS: StackPorts = { firestore: 18_080, auth: 19_099, hub: 0, logging: 0, web: 0 };
const INDEX = '<!doctype html><title>Transfer Feed</title><div id="root"></div>';
const SCRIPT = `export const story = ${JSON.stringify('a transfer story '.repeat(200))};`;

const dir = mkdtempSync(join(tmpdir(), 'preview-server-'));
let server: PreviewServer;

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets/index-abc123.js'), SCRIPT);
  server = await servePreview(dir, HOST, 0, emulatorHeaderRules(PORTS));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: number;
}

/** A GET as a browser sends it (accepting gzip), without decoding the body. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${server.url}${path}`,
      { headers: { accept: 'text/html,*/*', 'accept-encoding': 'gzip', ...headers } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the preview server of the e2e journeys and bench:web', () => {
  const policy = hostingCsp(emulatorHeaderRules(PORTS));

  it("adds the stack's emulators to the deployed CSP's connect-src, nothing else", () => {
    const deployed = hostingCsp(readHeaderRules());
    const connect = (csp: string) => csp.split(';').find((part) => part.includes('connect-src'));
    expect(connect(policy)).toBe(
      `${connect(deployed)} http://${HOST}:${PORTS.firestore} http://${HOST}:${PORTS.auth}`,
    );
    expect(policy.replace(/ http:\/\/127\.0\.0\.1:\d+/g, '')).toBe(deployed);
  });

  it('answers any route with index.html and the security headers, revalidated', async () => {
    for (const path of ['/', '/posts/some-route']) {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers).toMatchObject({
        'content-security-policy': policy,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cache-control': 'no-cache',
      });
      expect(answer.headers['permissions-policy']).toMatch(/camera=\(\)/);
    }
  });

  it('serves hashed assets gzipped, cached for a year, with the security headers', async () => {
    const answer = await get('/assets/index-abc123.js');
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-encoding': 'gzip',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': policy,
      'x-content-type-options': 'nosniff',
    });
    expect(answer.bytes).toBeLessThan(SCRIPT.length / 4);
  });

  it('sends no CORS headers, as Hosting does not', async () => {
    const answer = await get('/assets/index-abc123.js', { origin: 'http://localhost:5173' });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });
});
