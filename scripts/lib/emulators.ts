import { join, resolve } from 'node:path';
import { startFirebaseEmulators } from './firebaseTools';
import { startEngine } from './firestoreEngine';
import { startGate } from './gate/server';
import { assertPortFree, type ManagedProcess } from './processes';
import { loadRulesFile } from './rulesCheck';

const ROOT = resolve(import.meta.dirname, '../..');
/** The composite indexes the app's queries need; the gate refuses queries they cannot serve. */
export const INDEXES_PATH = join(ROOT, 'firestore.indexes.json');

export interface HostPort {
  host: string;
  port: number;
}

export function parseHostPort(value: string): HostPort {
  const [host, port] = value.split(':');
  const parsed = Number(port);
  if (!host || !Number.isInteger(parsed)) throw new Error(`Expected host:port, got "${value}"`);
  return { host, port: parsed };
}

interface StartHooks {
  onLine?: (line: string) => void;
  /** Called as soon as the process exists, so a caller can stop it even while it starts. */
  onSpawn?: (process: ManagedProcess) => void;
}

export interface AuthEmulatorOptions extends HostPort, StartHooks {
  projectId: string;
  hubPort: number;
  loggingPort: number;
}

/** The Firebase Auth emulator from firebase-tools, alone (the e2e stack starts it with Hosting). */
export function startAuthEmulator(options: AuthEmulatorOptions): Promise<ManagedProcess> {
  const { port, ...rest } = options;
  return startFirebaseEmulators({ ...rest, emulators: [{ name: 'auth', port }] });
}

export interface FirestoreOptions extends HostPort, StartHooks {
  projectId: string;
  /** Google's emulator's own port, behind the gate; a free one when not given. */
  enginePort?: number;
  rulesPath?: string;
  /** An export's .overall_export_metadata file to load before the port opens. */
  importData?: string;
}

export interface Firestore extends ManagedProcess {
  /** The gate's origin, e.g. http://127.0.0.1:8180: what the app and the tests talk to. */
  url: string;
  /** Google's emulator's own origin, behind the gate. */
  engineUrl: string;
  /** Writes every project's documents to a new export in `directory` (Google's export API). */
  exportTo(directory: string): Promise<string>;
}

/**
 * The Firestore of dev, tests and benches: Google's emulator (firestoreEngine.ts) with the gate in
 * front of it at host:port (gate/server.ts). stop() closes both. Rules that do not compile end the
 * start before the gate opens, with RulesBroken (rulesCheck.ts) naming each error's line.
 */
export async function startFirestore(options: FirestoreOptions): Promise<Firestore> {
  await assertPortFree(options.host, options.port, 'Firestore emulator');
  if (options.enginePort !== undefined) {
    await assertPortFree(options.host, options.enginePort, "Firestore emulator (Google's engine)");
  }
  const engine = await startEngine({
    host: options.host,
    port: options.enginePort,
    rulesPath: options.rulesPath,
    projectId: options.projectId,
    importData: options.importData,
    onLine: options.onLine,
    onSpawn: options.onSpawn,
  });
  let gate;
  try {
    // Compiled before the gate opens: rules that do not compile stop here, with their errors
    // (RulesBroken), where the engine itself would refuse every request later without saying why.
    if (options.rulesPath) await loadRulesFile(engine.url, options.projectId, options.rulesPath);
    gate = await startGate({
      host: options.host,
      port: options.port,
      engineUrl: engine.url,
      indexesPath: INDEXES_PATH,
    });
  } catch (error) {
    await engine.stop();
    throw error;
  }
  const { close } = gate;
  return {
    ...engine,
    url: gate.url,
    engineUrl: engine.url,
    exportTo: (directory) => exportEngine(engine.url, options.projectId, directory),
    async stop(signal) {
      await close();
      await engine.stop(signal);
    },
  };
}

/** Google's emulator's export endpoint (what firebase-tools' --export-on-exit calls). */
async function exportEngine(
  engineUrl: string,
  projectId: string,
  directory: string,
): Promise<string> {
  const response = await fetch(`${engineUrl}/emulator/v1/projects/${projectId}:export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      database: `projects/${projectId}/databases/(default)`,
      export_directory: directory,
    }),
  });
  if (!response.ok) throw new Error(`Export failed: ${response.status} ${await response.text()}`);
  return directory;
}
