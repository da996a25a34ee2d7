import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every file path named in the README, the docs and the code's comments exists. A path counts as
 * named when it has a folder in it (`features/comments/store/threads.ts`, `docs/testing.md`) and
 * its first folder exists somewhere it could mean: beside the file that names it or above it, at
 * the repository's root, in `src/`, `src/features/` or `scripts/`. One that starts with a dot
 * means the naming file's own folder only. So an example of build output
 * (`assets/index-abc.js`) is not taken for a claim, and a pointer whose file moved or went fails
 * here.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const CODE_FOLDERS = ['src', 'scripts', 'tests', 'e2e'];
const ROOT_FILES = [
  'README.md',
  'index.html',
  'firestore.rules',
  'eslint.config.js',
  'vite.config.ts',
  'vitest.config.ts',
  'playwright.config.ts',
];
const EXTENSIONS = 'tsx?|md|json|css|js|mjs|cjs|rules|html|sh|ya?ml';
/** A run of folder names and a file name with a known extension, not inside a longer word or URL. */
const NAMED_PATH = new RegExp(
  String.raw`(?<![\w@/.:-])((?:\.{1,2}/)*(?:[\w.-]+/)+[\w.-]+\.(?:${EXTENSIONS}))(?![\w/-])`,
  'g',
);
const COMMENTS = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|<!--[\s\S]*?-->/g;

function filesUnder(folder: string, keep: (name: string) => boolean): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => !name.split('/').includes('node_modules') && keep(name))
    .map((name) => join(folder, name))
    .filter((path) => statSync(join(ROOT, path)).isFile());
}

/** What of a file speaks about paths: a document whole, a source file's comments. */
function prose(path: string): string {
  const text = readFileSync(join(ROOT, path), 'utf8');
  return path.endsWith('.md') ? text : (text.match(COMMENTS) ?? []).join('\n');
}

/** The folders a path named in `file` may start from, nearest first. */
function startingPoints(file: string): string[] {
  const points: string[] = [];
  for (let folder = dirname(join(ROOT, file)); folder.startsWith(ROOT); folder = dirname(folder)) {
    points.push(folder);
  }
  return [...points, ...['src', 'src/features', 'scripts'].map((folder) => join(ROOT, folder))];
}

function missingPaths(file: string): string[] {
  const everywhere = startingPoints(file);
  const named = [...prose(file).matchAll(NAMED_PATH)].map((match) => match[1]);
  return named.filter((path) => {
    const points = path.startsWith('.') ? everywhere.slice(0, 1) : everywhere;
    const first = path.split('/')[0];
    const claims = points.some((point) => existsSync(join(point, first)));
    return claims && !points.some((point) => existsSync(join(point, path)));
  });
}

const sources = [
  ...ROOT_FILES.filter((file) => existsSync(join(ROOT, file))),
  ...filesUnder('docs', (name) => name.endsWith('.md')),
  ...CODE_FOLDERS.flatMap((folder) => filesUnder(folder, (name) => /\.(tsx?|css|js)$/.test(name))),
];

describe('paths named in docs and comments', () => {
  it('reads the docs and the code', () => {
    expect(sources).toContain('README.md');
    expect(sources.filter((file) => file.startsWith('src/')).length).toBeGreaterThan(100);
  });

  it('finds a path that is not there', () => {
    expect(missingPaths('tests/config/fixtures/namedPaths/stale.md')).toEqual([
      'docs/nowhere.md',
      '../../gone.test.ts',
    ]);
  });

  it('names only paths that exist, in every file', () => {
    const stale = sources
      .map((file) => [file, missingPaths(file)] as const)
      .filter(([, missing]) => missing.length > 0);
    expect(Object.fromEntries(stale)).toEqual({});
  });
});
