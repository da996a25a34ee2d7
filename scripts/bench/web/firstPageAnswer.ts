import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { FIRST_PAGE_REQUEST_META } from '../../../src/shared/posts/postsQuery';

/** Chromium's Accept-Encoding: the gate gzips for it (scripts/lib/gate/compression.ts). */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export interface FirstPageAnswer {
  /** The answer's body as it travels (gzipped when the gate compresses it), in bytes. */
  wireBytes: number;
  /** The same body decoded: the runQuery's JSON, in bytes. */
  jsonBytes: number;
  /** How many posts it holds. */
  documents: number;
}

/**
 * The first page's answer on the wire: the exact request the build wrote into `buildDir`'s
 * index.html (its <meta>, which the page's inline script sends as it is), sent from here with the
 * page's Origin and Chromium's Accept-Encoding, its body counted as it arrives, before decoding.
 * The page's own Resource Timing cannot say it: the answer is cross-origin (the emulator's port)
 * and neither the gate nor Firestore sends Timing-Allow-Origin, so its encodedBodySize and
 * transferSize read 0 there.
 */
export async function measureFirstPageAnswer(
  buildDir: string,
  pageOrigin: string,
): Promise<FirstPageAnswer> {
  const sent = firstPageRequestOf(readFileSync(join(buildDir, 'index.html'), 'utf8'));
  const { body, encoding } = await post(sent.url, sent.body, {
    ...sent.headers,
    origin: pageOrigin,
    'accept-encoding': BROWSER_ACCEPT_ENCODING,
  });
  if (encoding !== 'gzip' && encoding !== undefined) {
    throw new Error(`the first page's answer came ${encoding}-encoded, which this cannot read`);
  }
  const json = encoding === 'gzip' ? gunzipSync(body) : body;
  const results: unknown = JSON.parse(json.toString('utf8'));
  if (!Array.isArray(results)) throw new Error("the first page's answer is not a runQuery answer");
  const entries: unknown[] = results;
  return {
    wireBytes: body.length,
    jsonBytes: json.length,
    documents: entries.filter(
      (entry) => typeof entry === 'object' && entry !== null && 'document' in entry,
    ).length,
  };
}

interface SentRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The first page's request from a built index.html's <meta> (an attribute value, so unescaped). */
function firstPageRequestOf(indexHtml: string): SentRequest {
  const meta = new RegExp(`<meta name="${FIRST_PAGE_REQUEST_META}" content="([^"]*)"`).exec(
    indexHtml,
  );
  if (!meta)
    throw new Error(`the built index.html has no <meta name="${FIRST_PAGE_REQUEST_META}">`);
  const parsed: unknown = JSON.parse(meta[1].replaceAll('&quot;', '"').replaceAll('&amp;', '&'));
  if (typeof parsed !== 'object' || parsed === null) throw new Error('unexpected first-page meta');
  const { url, body, headers }: Record<string, unknown> = { ...parsed };
  if (typeof url !== 'string' || typeof body !== 'string' || !isStringRecord(headers)) {
    throw new Error('the first-page meta has no url, body and headers');
  }
  return { url, body, headers };
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((item) => typeof item === 'string')
  );
}

/** POSTs `body` and gives the answer's body as received (still encoded) and its encoding. */
function post(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const sending = request(url, { method: 'POST', headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('error', reject);
      answer.on('end', () => {
        if (answer.statusCode !== 200) {
          reject(new Error(`the first page's request answered ${answer.statusCode}`));
          return;
        }
        resolve({ body: Buffer.concat(chunks), encoding: answer.headers['content-encoding'] });
      });
    });
    sending.on('error', reject);
    sending.end(body);
  });
}
