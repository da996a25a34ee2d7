import { deleteApp, getApps, initializeApp } from 'firebase/app';
import { afterEach, describe, expect, it } from 'vitest';
import { config } from '../config';
import { getFirebaseApp } from './firebase';

afterEach(async () => {
  await Promise.all(getApps().map((app) => deleteApp(app)));
});

describe('getFirebaseApp', () => {
  it("is the app's own, made once, also when another device's app was made first", () => {
    const other = initializeApp({ projectId: 'another-project', apiKey: 'fake-api-key' }, 'other');

    const app = getFirebaseApp();

    expect(app).not.toBe(other);
    expect(app.options.projectId).toBe(config.firebase.projectId);
    expect(getFirebaseApp()).toBe(app);
  });
});
