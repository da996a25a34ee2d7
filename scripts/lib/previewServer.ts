import { resolve } from 'node:path';
import { preview, type Plugin } from 'vite';
import { headersFor, type HeaderRule } from './hostingHeaders';

/**
 * A production build served as Firebase Hosting serves `dist/`, by Vite's own preview server:
 * gzip, index.html for any path that is not a file (firebase.json's single-page rewrite), and on
 * every response the headers of firebase.json's hosting rules matching the path asked for
 * (caching, Content-Security-Policy and the other security headers), passed in as headerRules.
 */
export interface PreviewServer {
  url: string;
  close(): Promise<void>;
}

export async function servePreview(
  outDir: string,
  host: string,
  port: number,
  headerRules: HeaderRule[],
): Promise<PreviewServer> {
  const server = await preview({
    // Only serving: the project's config (its plugins, its test settings) is for building.
    configFile: false,
    envDir: false,
    root: resolve(import.meta.dirname, '../..'),
    logLevel: 'warn',
    appType: 'spa',
    build: { outDir },
    // Hosting sends no CORS headers.
    preview: { host, port, strictPort: true, cors: false },
    plugins: [hostingHeaders(headerRules)],
  });
  // The port listened on, also when 0 asked for any free one.
  const address = server.httpServer.address();
  const listening = typeof address === 'object' && address !== null ? address.port : port;
  return { url: `http://${host}:${listening}`, close: () => server.close() };
}

/**
 * Sets the matching rules' headers before Vite's file and index.html handlers run, by the path as
 * asked for (as Hosting does, also when the path is rewritten to index.html). The file handler
 * keeps headers already set; the index.html handler sets its own Cache-Control, `no-cache`, which
 * is what firebase.json gives every path but /assets/**.
 */
function hostingHeaders(rules: HeaderRule[]): Plugin {
  return {
    name: 'transfer-feed:hosting-headers',
    configurePreviewServer(server) {
      server.middlewares.use((request, response, next) => {
        const pathname = new URL(request.url ?? '/', 'http://preview').pathname;
        for (const [key, value] of Object.entries(
          headersFor(decodeURIComponent(pathname), rules),
        )) {
          response.setHeader(key, value);
        }
        next();
      });
    },
  };
}
