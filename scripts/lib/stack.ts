import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildDemoPosts, type DemoPost } from '../seed/demoPosts';
import { writePosts } from '../seed/seed';
import { startAuthEmulator, startFirestoreEmulatorProcess } from './emulators';
import { addCspSources, readHeaderRules, type HeaderRule } from './hostingHeaders';
import { clearAuthAccounts, ownerClient } from './ownerClient';
import { servePreview, type PreviewServer } from './previewServer';
import type { ManagedProcess } from './processes';
import { HOST, PROJECT_ID, firestoreUrl, type StackPorts } from './testPorts';

export const RULES_PATH = join(resolve(import.meta.dirname, '../..'), 'firestore.rules');

export interface Stack {
  url: string;
  stop(): Promise<void>;
}

/**
 * The Auth emulator, this project's Firestore emulator enforcing firestore.rules with the demo
 * posts, and Vite's preview server for the production build in buildDir (the e2e journeys and
 * `bench:web`). stop() ends all three, also when starting fails halfway.
 */
export async function startStack(ports: StackPorts, buildDir: string, now: number): Promise<Stack> {
  const processes: ManagedProcess[] = [];
  let server: PreviewServer | undefined;
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
      startFirestoreEmulatorProcess({ host: HOST, port: ports.firestore, rulesPath: RULES_PATH }),
    ]);
    for (const result of started) {
      if (result.status === 'fulfilled') processes.push(result.value);
    }
    for (const result of started) {
      if (result.status === 'rejected') throw result.reason;
    }
    await resetFeed(ports, { now });
    server = await servePreview(buildDir, HOST, ports.web, emulatorHeaderRules(ports));
    return { url: server.url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface ResetOptions {
  /** The seed's clock: demo posts are dated relative to it. */
  now: number;
  /** Instead of the 84 demo posts. */
  posts?: DemoPost[];
}

/** Clears posts and accounts, restores firestore.rules, writes the demo posts. */
export async function resetFeed(ports: StackPorts, options: ResetOptions): Promise<void> {
  const firestore = ownerClient(firestoreUrl(ports), PROJECT_ID);
  await firestore.clear();
  await clearAuthAccounts(`http://${HOST}:${ports.auth}`, PROJECT_ID);
  await firestore.setRules(readFileSync(RULES_PATH, 'utf8'));
  const target = { firestoreUrl: firestoreUrl(ports), projectId: PROJECT_ID };
  await writePosts(target, options.posts ?? buildDemoPosts(options.now));
}

/**
 * firebase.json's hosting headers, with the emulators this stack's build talks to (appBuild.ts)
 * added to the Content-Security-Policy's connect-src: everything else as deployed.
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
