import { readAdminEmail } from './adminEmail.ts';

/**
 * The app's settings with their local-emulator defaults, resolved once at build time. Vite exposes
 * each as import.meta.env.VITE_* and as %VITE_*% in index.html; src/config.ts types them.
 */
export const APP_ENV_DEFAULTS = {
  VITE_USE_EMULATORS: 'true',
  VITE_FIREBASE_API_KEY: 'demo-api-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo-transfer-feed.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'demo-transfer-feed',
  VITE_FIREBASE_APP_ID: 'demo-app-id',
  VITE_CLUB_NAME: 'Northbridge FC',
  VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
  VITE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
} as const;

export type AppEnv = Record<keyof typeof APP_ENV_DEFAULTS | 'VITE_ADMIN_EMAIL', string>;

export function resolveAppEnv(env: Record<string, string | undefined>): AppEnv {
  const adminEmail = readAdminEmail();
  if (env.VITE_ADMIN_EMAIL && env.VITE_ADMIN_EMAIL !== adminEmail) {
    throw new Error(
      `VITE_ADMIN_EMAIL (${env.VITE_ADMIN_EMAIL}) disagrees with adminEmail() in firestore.rules ` +
        `(${adminEmail}). The rules are the source of truth: change the address there.`,
    );
  }
  const resolved: Record<string, string> = { VITE_ADMIN_EMAIL: adminEmail };
  for (const [key, fallback] of Object.entries(APP_ENV_DEFAULTS)) {
    resolved[key] = env[key] || fallback;
  }
  // Every key of AppEnv was filled just above.
  return resolved as AppEnv;
}
