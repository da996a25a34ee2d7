import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * firebase.json's hosting section: read back for the Hosting emulator's config (hostingEmulator.ts)
 * and the tests, and the CSP hashes of index.html's inline scripts and styles that it must list.
 */
export const ROOT = resolve(import.meta.dirname, '../..');
export const FIREBASE_JSON = join(ROOT, 'firebase.json');

export interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}

export interface HostingConfig {
  public: string;
  headers: HeaderRule[];
  [setting: string]: unknown;
}

export function readFirebaseJson(path = FIREBASE_JSON): Record<string, unknown> {
  // firebase.json is this repository's own file; its hosting section is checked below.
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

export function readHostingConfig(path = FIREBASE_JSON): HostingConfig {
  const hosting = readFirebaseJson(path).hosting;
  if (typeof hosting !== 'object' || hosting === null || !('headers' in hosting)) {
    throw new Error(`${path} has no hosting.headers`);
  }
  // Shape checked just above as far as it is used: an object with headers.
  return hosting as HostingConfig;
}

/** The Content-Security-Policy firebase.json gives every path (the `**` rule's). */
export function hostingCsp(hosting: HostingConfig = readHostingConfig()): string {
  const csp = hosting.headers
    .find((rule) => rule.source === '**')
    ?.headers.find(({ key }) => key.toLowerCase() === 'content-security-policy')?.value;
  if (!csp) throw new Error('firebase.json sets no Content-Security-Policy for **');
  return csp;
}

/**
 * firebase.json's hosting section serving publicDir, with `sources` (the emulators an emulator
 * build talks to) added to every Content-Security-Policy's connect-src: everything else as
 * deployed.
 */
export function emulatorHosting(publicDir: string, sources: string[]): HostingConfig {
  const hosting = readHostingConfig();
  return {
    ...hosting,
    public: publicDir,
    headers: hosting.headers.map((rule) => ({
      source: rule.source,
      headers: rule.headers.map(({ key, value }) => ({
        key,
        value:
          key.toLowerCase() === 'content-security-policy'
            ? addCspSources(value, 'connect-src', sources)
            : value,
      })),
    })),
  };
}

/** Adds sources to a directive of a Content-Security-Policy (e.g. the emulators to connect-src). */
export function addCspSources(policy: string, directive: string, sources: string[]): string {
  let found = false;
  const directives = policy.split(';').map((part) => {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name !== directive) return part.trim();
    found = true;
    return [name, ...values, ...sources].join(' ');
  });
  if (!found) throw new Error(`The Content-Security-Policy has no ${directive}`);
  return directives.join('; ');
}

/** The Content-Security-Policy's 'sha256-…' sources in script-src (or another directive). */
export function cspHashes(policy: string, directive = 'script-src'): string[] {
  const sources = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return (sources ?? []).filter((source) => /^'sha256-/.test(source)).sort();
}

/** CSP hash sources of the inline (src-less) scripts of an HTML page, in page order. */
export function inlineScriptHashes(html: string): string[] {
  return inlineHashes(html, 'script');
}

/** CSP hash sources of the <style> blocks of an HTML page (the build inlines the CSS). */
export function inlineStyleHashes(html: string): string[] {
  return inlineHashes(html, 'style');
}

function inlineHashes(html: string, tag: 'script' | 'style'): string[] {
  const hashes: string[] = [];
  const element = new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, 'gi');
  for (const match of html.matchAll(element)) {
    if (/\bsrc\s*=/i.test(match[1])) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}
