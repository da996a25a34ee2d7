import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { build, type Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROOT,
  cspHashes,
  hostingCsp,
  inlineScriptHashes,
  inlineStyleHashes,
} from '../../scripts/lib/hostingConfig';
import {
  FIRST_PAGE_QUERY,
  FIRST_PAGE_REQUEST_META,
  firstPageRequest,
  type RestPost,
} from '../../src/shared/posts/postsQuery';
import { THEME_COLORS } from '../../scripts/lib/serviceWorker';
import { MANIFEST_HREF } from '../../src/app/manifestLink';
import { Header } from '../../src/app/Header';
import { PRODUCTION_SETTINGS } from './productionSettings';

const PRODUCTION = PRODUCTION_SETTINGS;
/** Text only the emulator account chooser and the emulator sign-in hold. */
const EMULATOR_ONLY = ['Choose an account', 'Sign-in is still starting', 'did not answer for'];

let scratch: string;
let production: Built;
let emulator: Built;

interface Built {
  outDir: string;
  indexHtml: string;
  /** Every file of the build, as one text. */
  text: string;
  /** The source files of the entry chunk: the first load's code. */
  firstLoadModules: string[];
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'feed-build-'));
  production = await buildWith(
    { ...PRODUCTION, VITE_CLUB_NAME: 'Riverside Athletic' },
    join(scratch, 'production'),
  );
  emulator = await buildWith({ VITE_USE_EMULATORS: 'true' }, join(scratch, 'emulator'));
}, 180_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('npm run build for production', () => {
  it('leaves out the emulator account chooser and the emulator sign-in', () => {
    for (const text of EMULATOR_ONLY) expect(production.text).not.toContain(text);
    // The same text is in an emulator build, so this test sees it when it is there.
    for (const text of EMULATOR_ONLY) expect(emulator.text).toContain(text);
  });

  it('talks to hosted Firestore, never to a local emulator', () => {
    expect(production.text).not.toContain('127.0.0.1');
    expect(firstPageMeta(production.indexHtml).url).toBe(
      'https://firestore.googleapis.com/v1/projects/club-feed/databases/(default)/documents:runQuery' +
        '?key=AIza-placeholder',
    );
  });

  it("writes the first page's request into the page, from the one place it is built", () => {
    const request = firstPageMeta(production.indexHtml);
    expect(request).toEqual(firstPageRequest(request.url));
    expect(JSON.parse(request.body)).toEqual(FIRST_PAGE_QUERY);
  });

  it("preloads the header's pictures with the page, so they never wait for the script to ask", () => {
    // Lighthouse's simulated phone ended its LCP with the logo, requested once React had run.
    const header = renderToStaticMarkup(createElement(Header, { children: null }));
    const pictures = [...header.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]);
    expect(pictures).not.toEqual([]);
    const preloaded = [
      ...production.indexHtml.matchAll(/<link rel="preload" as="image" href="([^"]+)"/g),
    ].map((match) => match[1]);
    expect(preloaded).toEqual(pictures);
  });

  it("inlines the page's CSS as one <style> block that firebase.json allows by hash, in every build", () => {
    const hashes = inlineStyleHashes(production.indexHtml);
    expect(hashes).toHaveLength(1);
    expect(hashes).toEqual(cspHashes(hostingCsp(), 'style-src'));
    expect(inlineStyleHashes(emulator.indexHtml)).toEqual(hashes);
    expect(production.indexHtml).not.toContain('rel="stylesheet"');
  });

  it("leaves lazy chunks' CSS as files their chunks load, and names no other CSS file", () => {
    const files = lazyCss(production).map(({ file }) => file);
    // The moderation view, a deal's page, the dialogs… bring their own CSS.
    expect(files.length).toBeGreaterThan(0);
    // Every CSS file a chunk preloads (or the service worker precaches) is there: a lazy import
    // that waits for a missing one fails ("Unable to preload CSS"), as the inlined file would.
    const named = new Set(production.text.match(/assets\/[\w-]+\.css/g));
    expect([...named].sort()).toEqual([...files].sort());
  });

  it('styles what the first load draws from the inlined CSS alone: a lazy file moves nothing', () => {
    // A lazy file's rule whose classes and elements the first load's components all draw would
    // restyle the page when that file arrives; one that names any of its own chunk's waits for it.
    const drawn = new Set(
      production.firstLoadModules
        .filter((file) => file.endsWith('.tsx'))
        .flatMap((file) => namesDrawn(readFileSync(file, 'utf8'))),
    );
    expect(drawn).toContain('.site-header');
    const restyling = lazyCss(production).flatMap(({ file, css }) =>
      selectorsOf(css)
        .filter((selector) => namesIn(selector).every((name) => drawn.has(name)))
        .map((selector) => `${file}: ${selector}`),
    );
    expect(restyling).toEqual([]);
  });

  it('has exactly the inline scripts whose hashes firebase.json allows, in every build', () => {
    const allowed = cspHashes(hostingCsp(), 'script-src');
    const hashes = inlineScriptHashes(production.indexHtml);
    expect(hashes.length).toBeGreaterThan(0);
    expect([...hashes].sort()).toEqual(allowed);
    // Settings live in a <meta>, so another deployment's build has the same scripts.
    expect(inlineScriptHashes(emulator.indexHtml)).toEqual(hashes);
  });

  it('has a web app manifest named after the club, with icons of 192 and 512 px and both themes', () => {
    // Linked by the app once the first screen is painted (src/app/manifestLink.ts), not by the
    // page.
    expect(production.indexHtml).not.toContain('rel="manifest"');
    expect(existsSync(join(production.outDir, MANIFEST_HREF))).toBe(true);
    const manifest: unknown = JSON.parse(
      readFileSync(join(production.outDir, 'manifest.webmanifest'), 'utf8'),
    );
    expect(manifest).toMatchObject({
      name: 'Riverside Athletic Transfer News',
      short_name: 'Riverside Athletic',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLORS.dark,
      background_color: THEME_COLORS.dark,
    });
    const icons = (manifest as { icons: { src: string; sizes: string }[] }).icons; // shape checked above
    expect(icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    for (const icon of icons) {
      const png = readFileSync(join(production.outDir, icon.src));
      // A PNG's IHDR holds its width and height (bytes 16–23).
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
    for (const [theme, color] of Object.entries(THEME_COLORS)) {
      expect(production.indexHtml).toContain(
        `<meta name="theme-color" media="(prefers-color-scheme: ${theme})" content="${color}" />`,
      );
    }
  });

  it("carries the favicon in the page, as public/logo.svg's own text", () => {
    const link = /<link rel="icon" href="data:image\/svg\+xml,([^"]*)"/.exec(production.indexHtml);
    const logo = readFileSync(join(import.meta.dirname, '../../public/logo.svg'), 'utf8');
    expect(decodeURIComponent(link?.[1] ?? '')).toBe(logo.trim());
  });

  it('has a service worker that precaches the app shell and posts to hosted Firestore only', () => {
    const worker = readFileSync(join(production.outDir, 'sw.js'), 'utf8');
    for (const shell of ['index.html', 'manifest.webmanifest', 'logo.svg', 'icons/icon-192.png']) {
      expect(worker).toContain(`"${shell}"`);
    }
    expect(worker).toContain('https://firestore.googleapis.com/v1/projects/club-feed/');
    expect(worker).not.toContain('127.0.0.1');
    // Registered from the app's module, so index.html gains no inline script (see the CSP test).
    expect(production.indexHtml).not.toContain('registerSW');
  });

  it('stops without the Firebase settings, naming each one', async () => {
    await expect(buildWith({}, join(scratch, 'unset'))).rejects.toThrow(
      /missing: VITE_FIREBASE_API_KEY, VITE_FIREBASE_PROJECT_ID, VITE_FIREBASE_APP_ID/,
    );
  });
});

/**
 * `vite build` through Vite's API with exactly these VITE_* settings: the ones this test process
 * inherited (Vitest runs in emulator mode) are put aside meanwhile.
 */
async function buildWith(env: Record<string, string>, outDir: string): Promise<Built> {
  const saved = { ...process.env };
  for (const key of Object.keys(process.env)) {
    if (key.startsWith('VITE_')) delete process.env[key];
  }
  Object.assign(process.env, env, { NODE_ENV: 'production' });
  const firstLoadModules: string[] = [];
  try {
    await build({
      root: ROOT,
      configFile: join(ROOT, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
      plugins: [recordFirstLoad(firstLoadModules)],
    });
  } finally {
    for (const key of Object.keys(process.env)) {
      if (!(key in saved)) delete process.env[key];
    }
    Object.assign(process.env, saved);
  }
  const files = listFiles(outDir);
  return {
    outDir,
    indexHtml: readFileSync(join(outDir, 'index.html'), 'utf8'),
    text: files.map((file) => readFileSync(file, 'utf8')).join('\n'),
    firstLoadModules,
  };
}

/** Records the entry chunk's source files. */
function recordFirstLoad(into: string[]): Plugin {
  return {
    name: 'record-first-load',
    apply: 'build',
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry) into.push(...chunk.moduleIds);
      }
    },
  };
}

/** The build's CSS files (lazy chunks' CSS: the page's is inlined), as assets/…css. */
function lazyCss(built: Built): { file: string; css: string }[] {
  return listFiles(built.outDir)
    .filter((file) => file.endsWith('.css'))
    .map((file) => ({ file: relative(built.outDir, file), css: readFileSync(file, 'utf8') }));
}

/** The classes a component's JSX names (className strings) and the elements it draws. */
function namesDrawn(source: string): string[] {
  const classNames = [...source.matchAll(/className=(?:"([^"]*)"|\{([^}]*)\})/g)].flatMap(
    ([, literal, expression]) =>
      literal ?? [...expression.matchAll(/'([^']*)'/g)].map((match) => match[1]).join(' '),
  );
  const classes = classNames.flatMap((names) => names.split(/\s+/)).filter(Boolean);
  const elements = [...source.matchAll(/<([a-z][a-z0-9]*)\b/g)].map((match) => match[1]);
  return [...classes.map((name) => `.${name}`), ...elements];
}

/** The selectors of minified CSS, one by one (a rule inside @media too). */
function selectorsOf(css: string): string[] {
  return [...css.matchAll(/([^{}]+)\{[^{}]*\}/g)].flatMap((match) => match[1].split(','));
}

/** The classes (as .name) and element names a selector needs, pseudo-classes and attributes aside. */
function namesIn(selector: string): string[] {
  const plain = selector.replace(/\[[^\]]*\]/g, '').replace(/::?[\w-]+/g, ' ');
  const classes = [...plain.matchAll(/\.([\w-]+)/g)].map((match) => `.${match[1]}`);
  const elements = [...plain.matchAll(/(?:^|[\s>+~(])([a-z][a-z0-9]*)/g)].map((match) => match[1]);
  return [...classes, ...elements];
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** The first page's request as the build wrote it into index.html's <meta>. */
function firstPageMeta(indexHtml: string): RestPost {
  const meta = new RegExp(`<meta name="${FIRST_PAGE_REQUEST_META}" content="([^"]*)"`).exec(
    indexHtml,
  );
  const content = (meta?.[1] ?? '').replaceAll('&quot;', '"').replaceAll('&amp;', '&');
  return JSON.parse(content) as RestPost; // its shape is what the tests above check
}
