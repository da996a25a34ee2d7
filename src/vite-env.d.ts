/// <reference types="vite/client" />

// The settings vite.config.ts defines (scripts/lib/appEnv.ts); all strings.
interface ImportMetaEnv {
  readonly VITE_USE_EMULATORS?: string;
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_CLUB_NAME?: string;
  readonly VITE_FIRESTORE_EMULATOR_HOST?: string;
  readonly VITE_AUTH_EMULATOR_HOST?: string;
  readonly VITE_ADMIN_EMAIL?: string;
  /** Where the first page's runQuery is posted (index.html, the service worker). */
  readonly VITE_FIRESTORE_RUN_QUERY_URL?: string;
}
