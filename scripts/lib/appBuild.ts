import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { HOST, PROJECT_ID, type StackPorts } from './testPorts';

const ROOT = resolve(import.meta.dirname, '../..');
/** Production bundles built for the browser runs (dist-e2e/ is git-ignored). */
export const E2E_BUILD_DIR = join(ROOT, 'dist-e2e/app');
export const BENCH_BUILD_DIR = join(ROOT, 'dist-e2e/bench');

/** Everything a production build depends on; a change to any of these means building again. */
const BUILD_INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'firestore.rules',
  // vite.config.ts and its plugins import from here.
  'scripts/lib',
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
];
const STAMP = '.inputs-sha256';

/** The settings baked into a bundle that talks to the given emulators. */
function buildEnv(ports: StackPorts): Record<string, string> {
  return {
    VITE_USE_EMULATORS: 'true',
    VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
    VITE_FIRESTORE_EMULATOR_HOST: `${HOST}:${ports.firestore}`,
    VITE_AUTH_EMULATOR_HOST: `${HOST}:${ports.auth}`,
  };
}

/**
 * `vite build` with the emulator hosts baked in, into outDir, with Vite's manifest
 * (outDir/.vite/manifest.json). Skipped when the inputs have not changed since the last build
 * there.
 * `settings` are further VITE_* settings for this build (e.g. another club name).
 */
export async function buildBundle(
  outDir: string,
  ports: StackPorts,
  settings: Record<string, string> = {},
): Promise<'built' | 'cached'> {
  const env = { ...buildEnv(ports), ...settings };
  const digest = inputsDigest(env);
  const stamp = join(outDir, STAMP);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return 'cached';
  if (!existsSync(join(ROOT, 'index.html'))) {
    throw new Error('There is no index.html yet: the app has to exist before it can be built.');
  }
  const args = ['build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'];
  await run(join(ROOT, 'node_modules/.bin/vite'), args, { ...process.env, ...env });
  writeFileSync(stamp, digest);
  return 'built';
}

function inputsDigest(env: Record<string, string>): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(env));
  for (const input of BUILD_INPUTS) {
    for (const file of listFiles(join(ROOT, input))) {
      hash.update(relative(ROOT, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

function listFiles(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => listFiles(join(path, name)));
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`vite build failed (exit ${code}):\n${output}`));
    });
  });
}
