/**
 * `npm run csp:hashes`: the CSP hashes of index.html's inline scripts, written into firebase.json's
 * Content-Security-Policy (script-src) when they differ. Run it after editing an inline script;
 * tests/config/productionBuild.test.ts fails while firebase.json lists other hashes than the build's.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  FIREBASE_JSON,
  ROOT,
  cspScriptHashes,
  hostingCsp,
  inlineScriptHashes,
  readHeaderRules,
} from './lib/hostingHeaders';

const hashes = inlineScriptHashes(readFileSync(join(ROOT, 'index.html'), 'utf8'));
const policy = hostingCsp(readHeaderRules());
const listed = cspScriptHashes(policy);
for (const hash of hashes) console.log(hash);

if (JSON.stringify([...hashes].sort()) === JSON.stringify(listed)) {
  console.log('firebase.json lists exactly these.');
} else {
  const updated = policy.replace(/script-src [^;]*/, (scriptSrc) =>
    [...scriptSrc.split(' ').filter((source) => !/^'sha256-/.test(source)), ...hashes]
      .join(' ')
      // Hashes right after 'self', as written by hand: the hosts stay last.
      .replace(/^(script-src 'self')(.*?)((?: 'sha256-[^']+')+)$/, '$1$3$2'),
  );
  const text = readFileSync(FIREBASE_JSON, 'utf8');
  if (!text.includes(JSON.stringify(policy)))
    throw new Error('firebase.json: CSP not found as text');
  writeFileSync(FIREBASE_JSON, text.replace(JSON.stringify(policy), JSON.stringify(updated)));
  console.log(`firebase.json updated (it listed ${listed.join(' ') || 'none'}).`);
}
