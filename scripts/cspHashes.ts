/**
 * `npm run csp:hashes`: builds the page and writes the CSP hashes of its inline scripts
 * (script-src) and of its inlined CSS (style-src) into firebase.json's Content-Security-Policy when
 * they differ. Run it after editing an inline script or any CSS;
 * tests/config/productionBuild.test.ts fails while firebase.json lists other hashes than the
 * build's.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import {
  FIREBASE_JSON,
  ROOT,
  cspHashes,
  hostingCsp,
  inlineScriptHashes,
  inlineStyleHashes,
} from './lib/hostingConfig';

const outDir = mkdtempSync(join(tmpdir(), 'csp-hashes-'));
let html: string;
try {
  // The inline parts are the same in every mode; emulator mode needs no Firebase settings.
  process.env.VITE_USE_EMULATORS = 'true';
  await build({ root: ROOT, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  html = readFileSync(join(outDir, 'index.html'), 'utf8');
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

const original = hostingCsp();
let policy = original;
for (const [directive, hashes] of [
  ['script-src', inlineScriptHashes(html)],
  ['style-src', inlineStyleHashes(html)],
] as const) {
  for (const hash of hashes) console.log(`${directive} ${hash}`);
  if (JSON.stringify([...hashes].sort()) === JSON.stringify(cspHashes(policy, directive))) continue;
  policy = policy.replace(new RegExp(`${directive} [^;]*`), (sources) => {
    const [name, self, ...rest] = sources.split(' ').filter((s) => !/^'sha256-/.test(s));
    // Hashes right after 'self', as written by hand: the hosts stay last.
    return [name, self, ...hashes, ...rest].join(' ');
  });
}
if (policy === original) {
  console.log('firebase.json lists exactly these.');
} else {
  const text = readFileSync(FIREBASE_JSON, 'utf8');
  if (!text.includes(JSON.stringify(original)))
    throw new Error('firebase.json: CSP not found as text');
  writeFileSync(FIREBASE_JSON, text.replace(JSON.stringify(original), JSON.stringify(policy)));
  console.log('firebase.json updated.');
}
