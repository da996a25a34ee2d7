import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a visitor's first load downloads before any interaction: the entry module of
 * index.html, every chunk it imports statically (transitively), whatever index.html preloads, and
 * inline scripts in index.html. Dynamic imports are left out: they load on demand.
 */
export interface Chunk {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface FirstLoad {
  chunks: Chunk[];
  gzipBytes: number;
  /** Emitted JS files that the first load does not fetch (loaded on demand). */
  lazyFiles: string[];
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export function analyseFirstLoad(buildDir: string): FirstLoad {
  const manifest = readManifest(buildDir);
  const html = readFileSync(join(buildDir, 'index.html'), 'utf8');
  const eager = new Set<string>();

  // Walk the static imports from the entry (Vite's manifest lists them by manifest key).
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || eager.has(chunk.file)) return;
    eager.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);

  // And whatever index.html itself asks for eagerly (the entry script and modulepreload links).
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g))
    eager.add(strip(match[1]));
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(match[0]);
    if (href) eager.add(strip(href[1]));
  }

  const chunks: Chunk[] = [...eager]
    .filter((file) => file.endsWith('.js'))
    .map((file) => measure(file, readFileSync(join(buildDir, file))));
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1])
    .filter((source) => source.trim() !== '');
  if (inline.length > 0) {
    chunks.push(measure('index.html (inline scripts)', Buffer.from(inline.join('\n'))));
  }
  chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const allJs = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith('.js'));
  return {
    chunks,
    gzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
    lazyFiles: [...new Set(allJs)].filter((file) => !eager.has(file)),
  };
}

function measure(file: string, body: Buffer): Chunk {
  return { file, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
}

/** '/assets/index-abc.js' → 'assets/index-abc.js' */
function strip(url: string): string {
  return url.replace(/^\.?\//, '');
}

function readManifest(buildDir: string): Record<string, ManifestChunk> {
  const parsed: unknown = JSON.parse(readFileSync(join(buildDir, '.vite/manifest.json'), 'utf8'));
  if (typeof parsed !== 'object' || parsed === null) throw new Error('Unexpected Vite manifest');
  const manifest: Record<string, ManifestChunk> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (isManifestChunk(value)) manifest[key] = value;
  }
  return manifest;
}

function isManifestChunk(value: unknown): value is ManifestChunk {
  if (typeof value !== 'object' || value === null) return false;
  const record: Record<string, unknown> = { ...value };
  const isList = (field: unknown) =>
    field === undefined ||
    (Array.isArray(field) && field.every((item) => typeof item === 'string'));
  return typeof record.file === 'string' && isList(record.imports) && isList(record.dynamicImports);
}
