import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import type { DemoPost } from '../../seed/demoPosts';

/**
 * Where the floor page is served: inside the app's bench build, so the same server answers both
 * with the same compression and headers. The bench build is no production build (dist/ never has
 * it).
 */
export const FLOOR_PATH = '/bench-floor/';

/** What the first card shows. */
export type FloorPost = Pick<DemoPost, 'title' | 'content' | 'imageUrl' | 'created' | 'status'>;

const FLOOR_SOURCE = resolve(import.meta.dirname, 'floor');
const HEAD_SLOT = '<!--floor-head-->';

/**
 * Builds the floor page (floor/: the feed's first card, React alone, `post` inlined) into
 * appBuildDir's FLOOR_PATH, with Vite, React's plugin and the app's build target. Its <head> gets
 * the app's own <style> block, copied from the built index.html (the same bytes, so the
 * Content-Security-Policy's hash allows it), and the picture's preload, which index.html adds once
 * the first page has answered: the floor knows the post already.
 */
export async function buildFloorPage(
  appBuildDir: string,
  post: FloorPost,
  now: number,
): Promise<void> {
  const style = /<style>[\s\S]*?<\/style>/.exec(
    readFileSync(join(appBuildDir, 'index.html'), 'utf8'),
  );
  if (!style) throw new Error(`${appBuildDir}/index.html has no <style> block to copy`);
  const preload = post.imageUrl
    ? `<link rel="preload" as="image" href="${escapeAttribute(post.imageUrl)}" fetchpriority="high" />`
    : '';
  await build({
    configFile: false,
    envDir: false,
    root: FLOOR_SOURCE,
    base: FLOOR_PATH,
    publicDir: false,
    logLevel: 'warn',
    plugins: [react(), headContent(`${style[0]}${preload}`)],
    define: { FLOOR_POST: JSON.stringify(post), FLOOR_NOW: JSON.stringify(now) },
    // The app's target (vite.config.ts); one chunk, as the app's first load is.
    build: { outDir: join(appBuildDir, FLOOR_PATH), emptyOutDir: true, target: 'es2022' },
  });
}

function headContent(html: string): Plugin {
  return {
    name: 'floor-head',
    transformIndexHtml: (page) => {
      if (!page.includes(HEAD_SLOT)) throw new Error(`floor/index.html has no ${HEAD_SLOT}`);
      return page.replace(HEAD_SLOT, () => html);
    },
  };
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
}
