import { getApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { config } from '../config';

/**
 * The one Firebase app, created on first use: loaded lazily with whichever SDK needs it first.
 * Its auth domain is the site's own host: Firebase Hosting serves the sign-in helper (`/__/auth/`)
 * on every domain of the site, so the popup's helper frame is same-origin and the
 * Content-Security-Policy frames nothing but the site (`frame-src 'self'`, README: Deploying).
 */
export function getFirebaseApp(): FirebaseApp {
  try {
    // The default app, once made. Not the first of getApps(): a named app may be there first (a
    // test's other device), and getApp() without a name never returns it.
    return getApp();
  } catch {
    return initializeApp({ ...config.firebase, authDomain: location.host });
  }
}
