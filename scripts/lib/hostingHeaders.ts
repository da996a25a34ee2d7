import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The response headers firebase.json gives Firebase Hosting, read back for the local preview server
 * and the tests, and the CSP hashes of index.html's inline scripts that firebase.json must list.
 */
export const ROOT = resolve(import.meta.dirname, '../..');
export const FIREBASE_JSON = join(ROOT, 'firebase.json');

export interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}

interface FirebaseJson {
  hosting?: { headers?: HeaderRule[] };
}

export function readFirebaseJson(path = FIREBASE_JSON): FirebaseJson & Record<string, unknown> {
  // firebase.json is this repository's own file; its shape is checked where it is used.
  return JSON.parse(readFileSync(path, 'utf8')) as FirebaseJson & Record<string, unknown>;
}

export function readHeaderRules(path = FIREBASE_JSON): HeaderRule[] {
  const rules = readFirebaseJson(path).hosting?.headers;
  if (!Array.isArray(rules)) throw new Error(`${path} has no hosting.headers`);
  return rules;
}

/**
 * The headers for a request path, as Hosting applies them: every rule whose glob matches, a later
 * rule's value replacing an earlier one's for the same header.
 */
export function headersFor(pathname: string, rules: HeaderRule[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    if (!globToRegExp(rule.source).test(pathname)) continue;
    for (const { key, value } of rule.headers) headers[key.toLowerCase()] = value;
  }
  return headers;
}

/** Hosting's globs as far as firebase.json uses them: `**`, `*` and literal text. */
export function globToRegExp(glob: string): RegExp {
  if (/[?[\]{}()!@+]/.test(glob)) {
    throw new Error(`firebase.json glob ${glob}: only **, * and literal paths are supported here`);
  }
  const absolute = glob.startsWith('/') || glob.startsWith('**') ? glob : `/${glob}`;
  const pattern = absolute
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : escapeRegExp(part)))
    .join('');
  return new RegExp(`^${pattern}$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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

/** The Content-Security-Policy firebase.json gives every response. */
export function hostingCsp(rules: HeaderRule[]): string {
  const csp = headersFor('/', rules)['content-security-policy'];
  if (!csp) throw new Error('firebase.json sets no Content-Security-Policy for /');
  return csp;
}
