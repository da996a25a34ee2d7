/**
 * The app's settings, typed, from the one place that reads import.meta.env. Vite fills the values
 * from .env, checked by scripts/lib/appEnv.ts; under Vitest they are runtime env that a test worker
 * may stub before the app's modules load.
 */
export interface FirebaseOptions {
  apiKey: string;
  projectId: string;
  appId: string;
}

export interface AppConfig {
  firebase: FirebaseOptions;
  /** The one administrator; firestore.rules is the source of truth, the build copies it. */
  adminEmail: string;
  clubName: string;
  /** 'host:port' of the Firestore emulator, or null when talking to hosted Firebase. */
  firestoreEmulatorHost: string | null;
  /** 'host:port' of the Auth emulator, or null when talking to hosted Firebase. */
  authEmulatorHost: string | null;
}

/**
 * Whether this build talks to the local emulators. Read straight from import.meta.env, which the
 * build replaces with a literal, so in a production bundle every `if (USE_EMULATORS)` branch (the
 * account chooser, the emulator sign-in) is dead code and left out.
 */
export const USE_EMULATORS: boolean = import.meta.env.VITE_USE_EMULATORS === 'true';

// Each value is read as import.meta.env.NAME, never through the object: the build replaces each
// name with its literal, while the object itself would be inlined whole (every setting, the long
// query URL included) into the first load.
function readConfig(): AppConfig {
  return {
    firebase: {
      apiKey: import.meta.env.VITE_FIREBASE_API_KEY ?? '',
      projectId: import.meta.env.VITE_FIREBASE_PROJECT_ID ?? '',
      appId: import.meta.env.VITE_FIREBASE_APP_ID ?? '',
    },
    adminEmail: import.meta.env.VITE_ADMIN_EMAIL ?? '',
    clubName: import.meta.env.VITE_CLUB_NAME ?? 'Transfer Feed',
    firestoreEmulatorHost: USE_EMULATORS
      ? (import.meta.env.VITE_FIRESTORE_EMULATOR_HOST ?? '')
      : null,
    authEmulatorHost: USE_EMULATORS ? (import.meta.env.VITE_AUTH_EMULATOR_HOST ?? '') : null,
  };
}

export const config: AppConfig = readConfig();

/** 'host:port' → parts, for the SDKs' emulator hooks. */
export function splitHost(hostPort: string): { host: string; port: number } {
  const colon = hostPort.lastIndexOf(':');
  return { host: hostPort.slice(0, colon), port: Number(hostPort.slice(colon + 1)) };
}
