import { readAdminEmail } from './adminEmail.ts';
import { runQueryUrl, type RestSettings } from '../../src/shared/posts/postsQuery.ts';

/**
 * The app's settings, resolved once at build time. Vite exposes each as import.meta.env.VITE_* and
 * as %VITE_*% in index.html; src/shared/config.ts types them.
 *
 * VITE_USE_EMULATORS must be exactly 'true' or 'false'. Unset means a production build, which
 * needs every Firebase setting: a build without a .env fails instead of shipping a site whose
 * visitors' browsers call 127.0.0.1. The dev server, Vitest and the e2e and benchmark builds ask
 * for emulator mode explicitly.
 */
export const APP_ENV_DEFAULTS = {
  VITE_FIREBASE_API_KEY: 'demo-api-key',
  VITE_FIREBASE_PROJECT_ID: 'demo-transfer-feed',
  VITE_FIREBASE_APP_ID: 'demo-app-id',
  VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
  VITE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
} as const;

/** The Firebase web-app settings a production build cannot do without. */
export const FIREBASE_SETTINGS = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_APP_ID',
] as const;

const CLUB_NAME_DEFAULT = 'Northbridge FC';

export type AppEnv = Record<
  | keyof typeof APP_ENV_DEFAULTS
  | 'VITE_USE_EMULATORS'
  | 'VITE_CLUB_NAME'
  | 'VITE_ADMIN_EMAIL'
  | 'VITE_FIRESTORE_RUN_QUERY_URL',
  string
>;

export function resolveAppEnv(env: Record<string, string | undefined>): AppEnv {
  const adminEmail = readAdminEmail();
  if (env.VITE_ADMIN_EMAIL && env.VITE_ADMIN_EMAIL !== adminEmail) {
    throw new Error(
      `VITE_ADMIN_EMAIL (${env.VITE_ADMIN_EMAIL}) disagrees with adminEmail() in firestore.rules ` +
        `(${adminEmail}). The rules are the source of truth: change the address there.`,
    );
  }
  const useEmulators = readUseEmulators(env.VITE_USE_EMULATORS);
  const setting = (key: keyof typeof APP_ENV_DEFAULTS) =>
    env[key] || (useEmulators ? APP_ENV_DEFAULTS[key] : '');
  if (!useEmulators) {
    const missing = FIREBASE_SETTINGS.filter((key) => !env[key]);
    if (missing.length > 0) {
      throw new Error(
        `A production build needs the Firebase web-app settings; missing: ${missing.join(', ')}. ` +
          'Set them in .env (see .env.example), or set VITE_USE_EMULATORS=true to build for ' +
          'the local emulators.',
      );
    }
  }
  const resolved = {
    VITE_USE_EMULATORS: String(useEmulators),
    VITE_FIREBASE_API_KEY: setting('VITE_FIREBASE_API_KEY'),
    VITE_FIREBASE_PROJECT_ID: setting('VITE_FIREBASE_PROJECT_ID'),
    VITE_FIREBASE_APP_ID: setting('VITE_FIREBASE_APP_ID'),
    VITE_FIRESTORE_EMULATOR_HOST: setting('VITE_FIRESTORE_EMULATOR_HOST'),
    VITE_AUTH_EMULATOR_HOST: setting('VITE_AUTH_EMULATOR_HOST'),
    VITE_CLUB_NAME: env.VITE_CLUB_NAME || CLUB_NAME_DEFAULT,
    VITE_ADMIN_EMAIL: adminEmail,
  };
  return { ...resolved, VITE_FIRESTORE_RUN_QUERY_URL: firestoreRunQueryUrl(resolved) };
}

function readUseEmulators(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new Error(
    `VITE_USE_EMULATORS must be exactly "true" or "false", not ${JSON.stringify(value)}.`,
  );
}

/** The settings the REST reads' addresses are made from. */
type RestEnv = Pick<
  AppEnv,
  | 'VITE_USE_EMULATORS'
  | 'VITE_FIREBASE_PROJECT_ID'
  | 'VITE_FIREBASE_API_KEY'
  | 'VITE_FIRESTORE_EMULATOR_HOST'
>;

/**
 * Where index.html's first-page prefetch posts its runQuery. Written into a <meta> at build time,
 * so the inline script's text (and its CSP hash) is the same for every deployment.
 */
export function firestoreRunQueryUrl(env: RestEnv): string {
  return runQueryUrl(firestoreRestSettings(env));
}

/** The REST reads' settings of a build: the emulator's host in emulator mode, hosted otherwise. */
export function firestoreRestSettings(env: RestEnv): RestSettings {
  return {
    projectId: env.VITE_FIREBASE_PROJECT_ID,
    apiKey: env.VITE_FIREBASE_API_KEY,
    emulatorHost: env.VITE_USE_EMULATORS === 'true' ? env.VITE_FIRESTORE_EMULATOR_HOST : null,
  };
}
