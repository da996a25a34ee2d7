import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileRules } from '../../emulator/rules/index';
import { startAuthEmulator, startFirestoreEmulatorProcess } from '../../scripts/lib/emulators';
import type { ManagedProcess } from '../../scripts/lib/processes';
import { HOST, PROJECT_ID, ROOT, type StackPorts } from './env';
import { resetFeed } from './firestoreAdmin';
import { addCspSources, readHeaderRules, type HeaderRule } from '../../scripts/lib/hostingHeaders';
import { serveStatic, type StaticServer } from './staticServer';

export const RULES_PATH = join(ROOT, 'firestore.rules');

export interface Stack {
  /** Whether the Firestore emulator enforces firestore.rules (false until the interpreter exists). */
  rulesEnforced: boolean;
  url: string;
  stop(): Promise<void>;
}

/**
 * The Auth emulator, this project's Firestore emulator with the demo posts, and a static server
 * for the production build in buildDir. stop() ends all three, also when starting fails halfway.
 */
export async function startStack(ports: StackPorts, buildDir: string, now: number): Promise<Stack> {
  const rulesEnforced = rulesInterpreterReady();
  const processes: ManagedProcess[] = [];
  let server: StaticServer | undefined;
  const stop = async () => {
    await server?.close();
    await Promise.all(processes.map((process) => process.stop()));
  };
  try {
    const started = await Promise.allSettled([
      startAuthEmulator({
        host: HOST,
        port: ports.auth,
        projectId: PROJECT_ID,
        hubPort: ports.hub,
        loggingPort: ports.logging,
      }),
      startFirestoreEmulatorProcess({
        host: HOST,
        port: ports.firestore,
        rulesPath: rulesEnforced ? RULES_PATH : undefined,
      }),
    ]);
    for (const result of started) {
      if (result.status === 'fulfilled') processes.push(result.value);
    }
    for (const result of started) {
      if (result.status === 'rejected') throw result.reason;
    }
    await resetFeed(ports, { now, rulesEnforced });
    server = await serveStatic(buildDir, HOST, ports.web, emulatorHeaderRules(ports));
    return { rulesEnforced, url: server.url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * firebase.json's hosting headers, with the emulators this stack's build talks to (e2e/support/
 * build.ts) added to the Content-Security-Policy's connect-src: everything else as deployed.
 */
export function emulatorHeaderRules(ports: StackPorts): HeaderRule[] {
  const emulators = [`http://${HOST}:${ports.firestore}`, `http://${HOST}:${ports.auth}`];
  return readHeaderRules().map((rule) => ({
    source: rule.source,
    headers: rule.headers.map(({ key, value }) => ({
      key,
      value:
        key.toLowerCase() === 'content-security-policy'
          ? addCspSources(value, 'connect-src', emulators)
          : value,
    })),
  }));
}

/** The emulator's rules interpreter is a placeholder until the security-rules issue lands. */
export function rulesInterpreterReady(): boolean {
  try {
    compileRules(readFileSync(RULES_PATH, 'utf8'));
    return true;
  } catch (error) {
    if (error instanceof Error && /not built yet/.test(error.message)) return false;
    throw error;
  }
}
