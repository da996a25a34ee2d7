import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildDemoPosts, type DemoPost } from '../seed/demoPosts';
import { replaceFeed } from '../seed/seed';
import { startFirestore } from './emulators';
import { startHostingEmulator } from './hostingEmulator';
import { clearAuthAccounts, ownerClient } from './ownerClient';
import type { ManagedProcess } from './processes';
import { HOST, PROJECT_ID, firestoreUrl, type StackPorts } from './testPorts';

export const RULES_PATH = join(resolve(import.meta.dirname, '../..'), 'firestore.rules');

export interface Stack {
  url: string;
  stop(): Promise<void>;
}

/**
 * Google's Firestore emulator behind the gate, enforcing firestore.rules, with the demo posts; one
 * firebase-tools process with the Auth emulator and the Hosting emulator serving the production
 * build in buildDir by firebase.json (the e2e journeys and `bench:web`). stop() ends both, also
 * when starting fails halfway.
 */
export async function startStack(ports: StackPorts, buildDir: string, now: number): Promise<Stack> {
  const processes: ManagedProcess[] = [];
  const stop = async () => {
    await Promise.all(processes.map((process) => process.stop()));
  };
  try {
    const started = await Promise.allSettled([
      startHostingEmulator({
        host: HOST,
        projectId: PROJECT_ID,
        publicDir: buildDir,
        port: ports.web,
        hubPort: ports.hub,
        loggingPort: ports.logging,
        connectSources: emulatorOrigins(ports),
        authPort: ports.auth,
      }),
      startFirestore({
        host: HOST,
        port: ports.firestore,
        rulesPath: RULES_PATH,
        projectId: PROJECT_ID,
      }),
    ]);
    for (const result of started) {
      if (result.status === 'fulfilled') processes.push(result.value);
    }
    for (const result of started) {
      if (result.status === 'rejected') throw result.reason;
    }
    await resetFeed(ports, { now });
    return { url: `http://${HOST}:${ports.web}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The emulators a build for these ports talks to (appBuild.ts), which its CSP must allow. */
export function emulatorOrigins(ports: StackPorts): string[] {
  return [`http://${HOST}:${ports.firestore}`, `http://${HOST}:${ports.auth}`];
}

export interface ResetOptions {
  /** The seed's clock: demo posts are dated relative to it. */
  now: number;
  /** Instead of the 84 demo posts. */
  posts?: DemoPost[];
}

/** Clears accounts, restores firestore.rules, replaces every document with the demo posts. */
export async function resetFeed(ports: StackPorts, options: ResetOptions): Promise<void> {
  await clearAuthAccounts(`http://${HOST}:${ports.auth}`, PROJECT_ID);
  await ownerClient(firestoreUrl(ports), PROJECT_ID).setRules(readFileSync(RULES_PATH, 'utf8'));
  const target = { firestoreUrl: firestoreUrl(ports), projectId: PROJECT_ID };
  await replaceFeed(target, options.posts ?? buildDemoPosts(options.now));
}
