/** Placeholder production settings, as a .env for a real project would hold them. */
export const PRODUCTION_SETTINGS = {
  VITE_USE_EMULATORS: 'false',
  VITE_FIREBASE_API_KEY: 'AIza-placeholder',
  VITE_FIREBASE_PROJECT_ID: 'club-feed',
  VITE_FIREBASE_APP_ID: '1:123:web:abc',
};
