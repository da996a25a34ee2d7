/**
 * `npm run dev`: the whole app on this machine, offline. Starts Google's Firestore emulator, which
 * first compiles firestore.rules (rules with errors stop the run there, each error as
 * `firestore.rules:LINE:COL: …`), behind the gate (enforcing those rules, reloaded on change, and
 * firestore.indexes.json); then the Firebase Auth emulator and Vite, and seeds demo posts into an
 * empty store. Ctrl-C stops every
 * child and exports the data to .emulator-data, which the next run imports (devData.ts).
 */
import { join, resolve } from 'node:path';
import { readAdminEmail } from './lib/adminEmail';
import { APP_ENV_DEFAULTS } from './lib/appEnv';
import { latestExport, saveExport, watchRules } from './lib/devData';
import { parseHostPort, startAuthEmulator, startFirestore, type Firestore } from './lib/emulators';
import { assertPortFree, spawnManaged, waitForHttp, type ManagedProcess } from './lib/processes';
import { RulesBroken } from './lib/rulesCheck';
import { migrateComments } from './comments/migrateComments';
import { seedIfEmpty } from './seed/seed';

const ROOT = resolve(import.meta.dirname, '..');
const DATA_DIR = join(ROOT, '.emulator-data');
const RULES_PATH = join(ROOT, 'firestore.rules');
const VITE_PORT = 5173;
const firestore = parseHostPort(APP_ENV_DEFAULTS.VITE_FIRESTORE_EMULATOR_HOST);
const auth = parseHostPort(APP_ENV_DEFAULTS.VITE_AUTH_EMULATOR_HOST);
const projectId = APP_ENV_DEFAULTS.VITE_FIREBASE_PROJECT_ID;

const children: ManagedProcess[] = [];
let store: Firestore | null = null;
let stopping = false;

async function main(): Promise<void> {
  const started = Date.now();
  // Check every port first, so a clash ends the run before anything starts.
  await assertPortFree('127.0.0.1', VITE_PORT, 'Vite dev server');
  await assertPortFree(firestore.host, firestore.port, 'Firestore emulator');
  await assertPortFree(auth.host, auth.port, 'Auth emulator');

  store = await startFirestoreFirst();

  // The rest start at once. The feed needs only Firestore and Vite, so it is announced as soon as
  // Vite is up; the Auth emulator (firebase-tools, the slowest to start) comes after, for sign-in.
  const authReady = startAuth();
  // Awaited after the feed is up; a failure before then still ends the run through main's catch.
  authReady.catch(() => undefined);
  const vite = track(
    spawnManaged('Vite', join(ROOT, 'node_modules/.bin/vite'), ['--port', String(VITE_PORT)], {
      cwd: ROOT,
      // Emulator mode is asked for, never assumed: without it a build targets production.
      env: { ...process.env, VITE_USE_EMULATORS: 'true' },
      onLine: prefix('vite'),
    }),
  );
  watchRules(RULES_PATH, store.url, projectId, prefix('firestore'));
  // The engine answers only once its import is loaded, so this sees all of it.
  const seeded = await seedIfEmpty({ firestoreUrl: store.url, projectId });
  if (seeded > 0) console.log(`[seed] wrote ${seeded} demo posts`);
  // Data an earlier version saved is brought to this one's shape (`npm run comments:migrate`): the
  // feed lists only posts with `pinned`. Run again on today's data, it writes nothing.
  const migrated = await migrateComments({ firestoreUrl: store.url, projectId });
  if (migrated.moved + migrated.unpinned > 0) {
    console.log(`[seed] brought ${migrated.moved + migrated.unpinned} saved posts up to date`);
  }
  await waitForHttp(`http://127.0.0.1:${VITE_PORT}/`, vite, 30_000);
  console.log(
    `\nTransfer Feed is running at http://localhost:${VITE_PORT} (ready in ${elapsed(started)} s)`,
  );
  console.log('Ctrl-C stops everything.\n');
  watchForCrashes();

  await authReady;
  console.log(
    `[auth] Sign-in ready (${elapsed(started)} s): Auth emulator on ${auth.host}:${auth.port}.`,
  );
  console.log(`[auth] Sign in as ${readAdminEmail()} (administrator) or any other e-mail (fan).`);
}

const prefix = (name: string) => (line: string) => console.log(`[${name}] ${line}`);

/**
 * Firestore first, alone: it compiles firestore.rules before anything else starts, so rules that
 * do not compile end the run with their errors as its first lines (RulesBroken), not with a
 * failed query once everything is up. What the engine says meanwhile is held until it is up: a
 * failed start carries its own account.
 */
async function startFirestoreFirst(): Promise<Firestore> {
  const heldLines: string[] = [];
  let firestoreUp = false;
  const started = await startFirestore({
    ...firestore,
    projectId,
    rulesPath: RULES_PATH,
    importData: latestExport(DATA_DIR) ?? undefined,
    // Tracked from its spawn: Ctrl-C while it starts stops it too (it is in a process group of its
    // own, which the terminal's Ctrl-C does not reach). The gate is this process's own server.
    onSpawn: track,
    onLine: (line) => {
      // The engine's start-up banner and per-connection notes are noise here.
      if (!/SEVERE|Exception|error/i.test(line)) return;
      if (firestoreUp) prefix('firestore')(line);
      else heldLines.push(line);
    },
  });
  firestoreUp = true;
  heldLines.forEach(prefix('firestore'));
  return started;
}

/** The Auth emulator (firebase-tools, the slowest to start): sign-in, after the feed is up. */
function startAuth(): Promise<unknown> {
  return startAuthEmulator({
    ...auth,
    projectId,
    hubPort: 4400,
    loggingPort: 4500,
    onSpawn: track,
    onLine: (line) => {
      if (/error|warn/i.test(line) && !/MOTD/.test(line)) prefix('auth')(line);
    },
  });
}

function elapsed(since: number): string {
  return ((Date.now() - since) / 1000).toFixed(1);
}

function watchForCrashes(): void {
  for (const child of children) {
    child.child.once('exit', (code) => {
      if (!stopping) {
        console.error(`${child.name} stopped unexpectedly (exit ${code}); shutting down.`);
        void shutdown(1);
      }
    });
  }
}

function track(process: ManagedProcess): ManagedProcess {
  children.push(process);
  return process;
}

async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  // Google's emulator keeps its data in memory: export it before it stops (what a kill loses).
  if (store && store.child.exitCode === null) {
    await saveExport(store, DATA_DIR).catch((error: unknown) => {
      console.error(`[firestore] The data could not be saved: ${String(error)}`);
    });
  }
  await Promise.all(children.map((child) => child.stop()));
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

main().catch(async (error: unknown) => {
  if (stopping) return; // Ctrl-C while starting: what was starting fails as it is stopped
  // Broken rules: the compiler's `firestore.rules:LINE:COL: …` lines alone, for the eye and the
  // editor's jump-to-line.
  if (error instanceof RulesBroken) console.error(error.message);
  else console.error(`\nnpm run dev: ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
});
