/**
 * The gate gzips the engine's answers for a client that accepts gzip, as Firestore's front end
 * does, and only the transfer changes: the decoded answer is the engine's. Requests go out by
 * node:http so the bytes on the wire are seen as they are (fetch would decode them).
 */
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip } from '../../scripts/lib/gate/compression';
import { ENGINE_URL, startGateWith, type GateHarness } from './gateHarness';

const PROJECT = 'demo-gate-compression';
const DOCUMENTS = `/v1/projects/${PROJECT}/databases/(default)/documents`;
const QUERY = JSON.stringify({
  structuredQuery: {
    from: [{ collectionId: 'posts' }],
    orderBy: [{ field: { fieldPath: 'n' }, direction: 'ASCENDING' }],
  },
});

interface WireAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as it came over the wire. */
  bytes: Buffer;
}

function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(new URL(path, base), { method, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({
          status: answer.statusCode ?? 0,
          headers: answer.headers,
          bytes: Buffer.concat(chunks),
        }),
      );
      answer.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const runQuery = (base: string, headers: Record<string, string>) =>
  send(base, 'POST', `${DOCUMENTS}:runQuery`, { ...headers, authorization: 'Bearer owner' }, QUERY);

/** The documents of a runQuery answer (each answer has its own readTime). */
function documentsOf(text: string): unknown[] {
  const answer: unknown = JSON.parse(text);
  if (!Array.isArray(answer)) throw new Error(`not a runQuery answer: ${text.slice(0, 200)}`);
  return answer.map((item: { document?: unknown }) => item.document);
}

let h: GateHarness;
beforeAll(async () => {
  h = await startGateWith(PROJECT);
  // A page of posts much like the feed's: 35 documents of a few hundred bytes each.
  for (let n = 0; n < 35; n += 1) {
    await h.seed(`posts/p${n}`, { n, title: `Signing number ${n}`, content: 'word '.repeat(60) });
  }
});
afterAll(() => h.close());

describe('Accept-Encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['GZIP', true],
    ['br;q=1.0, gzip;q=0.5', true],
    ['*', true],
    ['x-gzip', true],
    ['', false],
    ['identity', false],
    ['br, zstd', false],
    ['gzip;q=0', false],
    ['gzip; q=0.000', false],
    ['*;q=0', false],
    ['*, gzip;q=0', false],
  ])('%j allows gzip: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  it('no header allows nothing but identity', () => {
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe("the engine's answers through the gate", () => {
  it('a browser (gzip accepted) gets the page gzipped, the same documents once decoded', async () => {
    const direct = await runQuery(ENGINE_URL, {});
    const gzipped = await runQuery(h.gate.url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    const decoded = gunzipSync(gzipped.bytes).toString('utf8');
    expect(documentsOf(decoded)).toEqual(documentsOf(direct.bytes.toString('utf8')));
    expect(documentsOf(decoded)).toHaveLength(35);
    // What it is for: the wire carries a fraction of the page.
    expect(gzipped.bytes.length).toBeLessThan(direct.bytes.length / 3);
  });

  it("a page's answer keeps its CORS headers and varies on both Origin and Accept-Encoding", async () => {
    const origin = 'http://127.0.0.1:5173';
    const gzipped = await runQuery(h.gate.url, { 'accept-encoding': 'gzip', origin });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['access-control-allow-origin']).toBe(origin);
    const vary = String(gzipped.headers.vary).split(/,\s*/);
    expect(vary).toEqual(expect.arrayContaining(['Origin', 'Accept-Encoding']));
  });

  it('a client that does not accept gzip gets the JSON as the engine sent it', async () => {
    const clients: Record<string, string>[] = [{}, { 'accept-encoding': 'gzip;q=0, identity' }];
    for (const headers of clients) {
      const plain = await runQuery(h.gate.url, headers);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(documentsOf(plain.bytes.toString('utf8'))).toHaveLength(35);
    }
  });

  it('a small answer goes as it is', async () => {
    const one = await send(h.gate.url, 'GET', `${DOCUMENTS}/posts/p1`, {
      'accept-encoding': 'gzip',
      authorization: 'Bearer owner',
    });
    expect(one.status).toBe(200);
    expect(one.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(one.bytes.toString('utf8'))).toMatchObject({
      fields: { n: { integerValue: '1' } },
    });
  });
});
