import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip } from '../../emulator/server';
import { startHarness, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('demo-emulator-gzip');
  const writes = Array.from({ length: 20 }, (_, i) => ({
    update: { name: h.name(`posts/p${i}`), fields: { body: { stringValue: 'news '.repeat(50) } } },
  }));
  expect((await h.rest('commit', { writes })).status).toBe(200);
});
afterAll(() => h.close());

/** A runQuery with node:http, which (unlike fetch) shows the bytes as they travel. */
function runQuery(
  acceptEncoding?: string,
): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  const body = JSON.stringify({ structuredQuery: { from: [{ collectionId: 'posts' }] } });
  const url = new URL(
    `${h.emulator.url}/v1/projects/demo-emulator-gzip/databases/(default)/documents:runQuery`,
  );
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'text/plain' };
    if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
    const req = request(url, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('response compression, as Firestore gzips its answers', () => {
  it('gzips a large answer for a client that accepts gzip', async () => {
    const plain = await runQuery();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await runQuery('gzip, deflate, br');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 4);
    // Same documents (each answer has its own readTime).
    const documents = (json: string): unknown =>
      (JSON.parse(json) as { document: unknown }[]).map((result) => result.document); // runQuery's shape
    expect(documents(gunzipSync(zipped.body).toString('utf8'))).toEqual(
      documents(plain.body.toString('utf8')),
    );
  });

  it.each([
    ['gzip', true],
    ['deflate, gzip;q=0.5', true],
    ['*', true],
    ['identity', false],
    ['gzip;q=0', false],
    ['br', false],
    [undefined, false],
  ])('Accept-Encoding %s allows gzip: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
