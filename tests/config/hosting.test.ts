/**
 * firebase.json's hosting section, and what the Firebase Hosting emulator (which the e2e journeys
 * and bench:web use) serves with it: the single-page rewrite, compression, and the headers by path,
 * the CSP's connect-src opened to the build's emulators.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostingCsp, readHostingConfig } from '../../scripts/lib/hostingConfig';
import { startHostingEmulator, type HostingEmulator } from '../../scripts/lib/hostingEmulator';
import { HOST, PROJECT_ID, TEST_HOSTING } from '../../scripts/lib/testPorts';

const deployed = hostingCsp();
const directives = new Map(
  deployed
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .map(([name, ...sources]) => [name, sources]),
);

describe('firebase.json hosting', () => {
  it('publishes dist/ as a single-page app', () => {
    expect(readHostingConfig()).toMatchObject({
      public: 'dist',
      rewrites: [{ source: '**', destination: '/index.html' }],
    });
  });

  it('allows scripts only from the site, by hash, and Google sign-in; no plugins or framing', () => {
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(
      directives.get('script-src')?.filter((source) => !source.startsWith("'sha256-")),
    ).toEqual(["'self'", 'https://apis.google.com']);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'self'"]);
    expect(directives.get('form-action')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual([
      "'self'",
      'https://firestore.googleapis.com',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
    expect(directives.get('img-src')).toEqual(["'self'", 'https:', 'data:']);
    expect(directives.get('worker-src')).toEqual(["'self'"]);
    expect(directives.get('manifest-src')).toEqual(["'self'"]);
    // Sign-in's helper frame is served by the site itself (auth domain = the site's host).
    expect(directives.get('frame-src')).toEqual(["'self'"]);
  });

  it('names every origin it allows: no wildcard in any source list, of any path', () => {
    const policies = readHostingConfig().headers.flatMap((rule) =>
      rule.headers.filter((header) => header.key === 'Content-Security-Policy'),
    );
    expect(policies.length).toBeGreaterThan(0);
    for (const { value } of policies) expect(value).not.toContain('*');
  });
});

const EMULATORS = ['http://127.0.0.1:18080', 'http://127.0.0.1:19099'];
const INDEX = '<!doctype html><title>Transfer Feed</title><div id="root"></div>';
const SCRIPT = `export const story = ${JSON.stringify('a transfer story '.repeat(200))};`;

const dir = mkdtempSync(join(tmpdir(), 'hosting-'));
let hosting: HostingEmulator;

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets/index-abc123.js'), SCRIPT);
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  hosting = await startHostingEmulator({
    host: HOST,
    projectId: PROJECT_ID,
    publicDir: dir,
    port: TEST_HOSTING.web,
    hubPort: TEST_HOSTING.hub,
    loggingPort: TEST_HOSTING.logging,
    connectSources: EMULATORS,
  });
}, 90_000);
afterAll(async () => {
  await hosting?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  bytes: number;
}

/** A GET as Chromium sends it (by default accepting gzip and brotli), the body left encoded. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${hosting.url}${path}`,
      { headers: { accept: 'text/html,*/*', 'accept-encoding': 'gzip, deflate, br', ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: body.toString(),
            bytes: body.length,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the Hosting emulator serving a build by firebase.json', () => {
  /** The deployed policy, the emulators last in connect-src. */
  const policy = deployed.replace(
    /connect-src [^;]*/,
    (sources) => `${sources} ${EMULATORS.join(' ')}`,
  );

  it('answers any route with index.html, revalidated, with the security headers', async () => {
    for (const path of ['/', '/index.html', '/posts/some-route', '/?post=abc']) {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.text).toBe(INDEX);
      expect(answer.headers).toMatchObject({
        'cache-control': 'no-cache',
        'content-security-policy': policy,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
      });
      expect(answer.headers['permissions-policy']).toMatch(/camera=\(\)/);
    }
  });

  it("adds the build's emulators to the deployed CSP's connect-src, nothing else", async () => {
    const served = String((await get('/')).headers['content-security-policy']);
    const connect = (csp: string) => csp.split(';').find((part) => part.includes('connect-src'));
    expect(connect(served)).toBe(`${connect(deployed)} ${EMULATORS.join(' ')}`);
    expect(served.replace(/ http:\/\/127\.0\.0\.1:\d+/g, '')).toBe(deployed);
  });

  it('serves hashed assets compressed (brotli, else gzip), cached for a year, with the CSP', async () => {
    const answer = await get('/assets/index-abc123.js');
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-encoding': 'br',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': policy,
      'x-content-type-options': 'nosniff',
    });
    expect(answer.bytes).toBeLessThan(SCRIPT.length / 4);
    const gzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.bytes).toBeLessThan(SCRIPT.length / 4);
  });

  it('revalidates files without a hashed name, such as the logo', async () => {
    const answer = await get('/logo.svg');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('always revalidates the service worker, which may fetch what it keeps and run nothing else', async () => {
    const answer = await get('/sw.js');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-security-policy']).toBe(
      `default-src 'none'; script-src 'self'; connect-src 'self' https: ${EMULATORS.join(' ')}`,
    );
  });

  it('sends no CORS headers', async () => {
    const answer = await get('/assets/index-abc123.js', { origin: 'http://localhost:5173' });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });
});
