import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { config } from '../config';

/** The one Firebase app, created on first use: loaded lazily with whichever SDK needs it first. */
export function getFirebaseApp(): FirebaseApp {
  return getApps().length > 0 ? getApp() : initializeApp(config.firebase);
}
