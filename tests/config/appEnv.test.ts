import { describe, expect, it } from 'vitest';
import { FIREBASE_SETTINGS, resolveAppEnv } from '../../scripts/lib/appEnv';
import { PRODUCTION_SETTINGS } from './productionSettings';

const PRODUCTION = PRODUCTION_SETTINGS;

describe('build settings: a production build never falls back to the emulators', () => {
  it('without any setting, names every missing Firebase setting', () => {
    expect(() => resolveAppEnv({})).toThrow(
      'A production build needs the Firebase web-app settings; missing: VITE_FIREBASE_API_KEY, ' +
        'VITE_FIREBASE_PROJECT_ID, VITE_FIREBASE_APP_ID.',
    );
  });

  it.each(FIREBASE_SETTINGS)('names %s alone when only it is missing or empty', (key) => {
    for (const value of [undefined, '']) {
      const error = catchError(() => resolveAppEnv({ ...PRODUCTION, [key]: value }));
      expect(error).toMatch(new RegExp(`missing: ${key}\\.`));
    }
  });

  it('treats an unset VITE_USE_EMULATORS as production', () => {
    const env = resolveAppEnv({ ...PRODUCTION, VITE_USE_EMULATORS: undefined });
    expect(env.VITE_USE_EMULATORS).toBe('false');
    expect(env.VITE_FIRESTORE_EMULATOR_HOST).toBe('');
    expect(env.VITE_AUTH_EMULATOR_HOST).toBe('');
  });

  it.each(['TRUE', 'yes', '1', 'false ', 'on'])('refuses VITE_USE_EMULATORS=%j', (value) => {
    expect(() => resolveAppEnv({ ...PRODUCTION, VITE_USE_EMULATORS: value })).toThrow(
      `VITE_USE_EMULATORS must be exactly "true" or "false", not ${JSON.stringify(value)}.`,
    );
  });

  it('keeps the production settings and asks Firestore itself for the first page', () => {
    const env = resolveAppEnv(PRODUCTION);
    expect(env).toMatchObject(PRODUCTION);
    expect(env.VITE_FIRESTORE_RUN_QUERY_URL).toBe(
      'https://firestore.googleapis.com/v1/projects/club-feed/databases/(default)/documents:runQuery' +
        '?key=AIza-placeholder',
    );
  });

  it('with VITE_USE_EMULATORS=true, fills the demo project and the local emulator hosts', () => {
    const env = resolveAppEnv({ VITE_USE_EMULATORS: 'true' });
    expect(env).toMatchObject({
      VITE_USE_EMULATORS: 'true',
      VITE_FIREBASE_PROJECT_ID: 'demo-transfer-feed',
      VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
      VITE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      VITE_FIRESTORE_RUN_QUERY_URL:
        'http://127.0.0.1:8080/v1/projects/demo-transfer-feed/databases/(default)/documents:runQuery',
    });
  });
});

function catchError(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return 'no error';
}
