import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { emulatorHosting, ROOT } from './hostingConfig';
import { assertPortFree, spawnManaged, waitForHttp, type ManagedProcess } from './processes';

/** firebase-tools loads slowly on a busy machine (20 s seen with other work running). */
const START_TIMEOUT_MS = 120_000;

export interface HostingEmulatorOptions {
  host: string;
  projectId: string;
  /** The production build to serve, as firebase.json's hosting section serves dist/. */
  publicDir: string;
  port: number;
  /** firebase-tools' emulator hub and logging emulator, which it starts with any emulator. */
  hubPort: number;
  loggingPort: number;
  /** Origins the build talks to (its emulators), added to the CSP's connect-src. */
  connectSources: string[];
  /** The Auth emulator's port, to start it in the same firebase-tools process. */
  authPort?: number;
}

export interface HostingEmulator extends ManagedProcess {
  /** Where the build is served. */
  url: string;
}

/**
 * Firebase Hosting's emulator from firebase-tools (runs offline with a demo- project), serving a
 * build with firebase.json's rewrites and headers, and with it the Auth emulator when asked:
 * one `firebase emulators:start --only hosting[,auth]` on a config generated from firebase.json.
 */
export async function startHostingEmulator(
  options: HostingEmulatorOptions,
): Promise<HostingEmulator> {
  const { host, port, hubPort, authPort } = options;
  await assertPortFree(host, port, 'Hosting emulator');
  await assertPortFree(host, hubPort, 'emulator hub');
  await assertPortFree(host, options.loggingPort, 'emulator logging');
  if (authPort !== undefined) await assertPortFree(host, authPort, 'Auth emulator');
  // A private config so the ports are ours and firebase-debug.log stays out of the work tree.
  const dir = mkdtempSync(join(tmpdir(), 'transfer-feed-hosting-'));
  const config = {
    // firebase-tools joins `public` to the config's directory, so an absolute path will not do.
    hosting: emulatorHosting(relative(dir, options.publicDir), options.connectSources),
    emulators: {
      hosting: { host, port },
      hub: { host, port: hubPort },
      logging: { host, port: options.loggingPort },
      ...(authPort === undefined ? {} : { auth: { host, port: authPort } }),
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  writeFileSync(join(dir, 'firebase.json'), JSON.stringify(config));
  const only = authPort === undefined ? 'hosting' : 'hosting,auth';
  const args = ['emulators:start', '--only', only, '--project', options.projectId];
  // Its last lines, for the error when it does not start.
  const output: string[] = [];
  const managed = spawnManaged('Hosting emulator', join(ROOT, 'node_modules/.bin/firebase'), args, {
    cwd: dir,
    onLine: (line) => {
      output.push(line);
      if (output.length > 20) output.shift();
    },
  });
  const stop = async () => {
    await managed.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://${host}:${port}`;
  try {
    await waitForHttp(`${url}/`, managed, START_TIMEOUT_MS);
    if (authPort !== undefined)
      await waitForHttp(`http://${host}:${authPort}/`, managed, START_TIMEOUT_MS);
  } catch (error) {
    await stop();
    throw new Error(`${String(error)}; firebase-tools said:\n${output.join('\n')}`, {
      cause: error,
    });
  }
  return { ...managed, url, stop };
}
