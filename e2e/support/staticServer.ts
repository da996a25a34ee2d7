import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { headersFor, type HeaderRule } from '../../scripts/lib/hostingHeaders';

/**
 * A small static server for a production build, close to what Firebase Hosting does: gzip for
 * text, index.html for any other path, and the response headers (caching, Content-Security-Policy
 * and the other security headers) of firebase.json's hosting section, passed in as headerRules.
 * Vite's preview server does not compress, which would make transfer sizes and Lighthouse figures
 * pessimistic.
 */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.webmanifest', '.txt']);

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

interface Entry {
  body: Buffer;
  gzipped: Buffer | null;
  type: string;
}

export async function serveStatic(
  root: string,
  host: string,
  port: number,
  headerRules: HeaderRule[],
): Promise<StaticServer> {
  const cache = new Map<string, Entry | null>();
  const load = async (file: string): Promise<Entry | null> => {
    if (!cache.has(file)) {
      const extension = extname(file);
      const entry = await readFile(file).then(
        (body): Entry => ({
          body,
          gzipped: COMPRESSIBLE.has(extension) ? gzipSync(body, { level: 9 }) : null,
          type: TYPES[extension] ?? 'application/octet-stream',
        }),
        () => null,
      );
      cache.set(file, entry);
    }
    return cache.get(file) ?? null;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = normalize(join(root, pathname === '/' ? 'index.html' : pathname));
    if (!file.startsWith(root + sep)) {
      response.writeHead(403).end();
      return;
    }
    let entry = await load(file);
    if (!entry && extname(pathname) === '') {
      // A single-page app: any route is the app (firebase.json's rewrite to /index.html).
      entry = await load(join(root, 'index.html'));
    }
    if (!entry) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const gzip = entry.gzipped && /\bgzip\b/.test(String(request.headers['accept-encoding']));
    const body = gzip && entry.gzipped ? entry.gzipped : entry.body;
    response.writeHead(200, {
      // As Hosting: the headers of the rules matching the path asked for, also when rewritten.
      ...headersFor(pathname, headerRules),
      'content-type': entry.type,
      'content-length': body.length,
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
