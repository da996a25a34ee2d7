import { relative } from 'node:path';
import { startFirebaseEmulators, type FirebaseEmulator } from './firebaseTools';
import { emulatorHosting } from './hostingConfig';
import type { ManagedProcess } from './processes';

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
 * Firebase Hosting's emulator, serving a build with firebase.json's rewrites and headers (the
 * emulators' origins added to the CSP), and with it the Auth emulator when asked.
 */
export async function startHostingEmulator(
  options: HostingEmulatorOptions,
): Promise<HostingEmulator> {
  const { host, port, authPort } = options;
  const hosting: FirebaseEmulator = {
    name: 'hosting',
    port,
    // firebase-tools joins `public` to the config's directory, so an absolute path will not do.
    section: (configDir) =>
      emulatorHosting(relative(configDir, options.publicDir), options.connectSources),
  };
  const managed = await startFirebaseEmulators({
    host,
    projectId: options.projectId,
    hubPort: options.hubPort,
    loggingPort: options.loggingPort,
    emulators: authPort === undefined ? [hosting] : [hosting, { name: 'auth', port: authPort }],
  });
  return { ...managed, url: `http://${host}:${port}` };
}
