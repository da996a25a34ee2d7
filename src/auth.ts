import {
  GoogleAuthProvider,
  connectAuthEmulator,
  getAuth,
  onAuthStateChanged,
  signInWithCredential,
  signInWithPopup,
  signOut as firebaseSignOut,
  type Auth,
  type User,
} from 'firebase/auth';
import { config } from './config';
import { getFirebaseApp } from './firebase';
import type { AppUser } from './permissions';

/**
 * The only module that talks to Firebase Auth. Loaded on demand (see session/sessionStore.ts), so
 * visitors who never sign in never download the Auth SDK.
 */
let auth: Auth | null = null;

function getAppAuth(): Auth {
  if (!auth) {
    auth = getAuth(getFirebaseApp());
    if (config.authEmulatorHost) {
      connectAuthEmulator(auth, `http://${config.authEmulatorHost}`, { disableWarnings: true });
    }
  }
  return auth;
}

/** Follows the identity provider's auth state (spec §4). Returns the unsubscribe function. */
export function watchUser(onChange: (user: AppUser | null) => void): () => void {
  return onAuthStateChanged(getAppAuth(), (user) => onChange(user ? toAppUser(user) : null));
}

/** Production sign-in: Google's popup. */
export async function signInWithGoogle(): Promise<AppUser> {
  const result = await signInWithPopup(getAppAuth(), new GoogleAuthProvider());
  return toAppUser(result.user);
}

/**
 * Emulator sign-in, in place of the popup: the Auth emulator accepts an unsigned Google id token,
 * so any e-mail becomes a verified Google account. Refused when talking to real Firebase.
 */
export async function signInWithEmulatorAccount(email: string): Promise<AppUser> {
  if (!config.authEmulatorHost) throw new Error('Emulator accounts exist only with the emulators');
  const normalized = email.trim().toLowerCase();
  // A stable subject per e-mail, so signing in again reuses the same account.
  const idToken = JSON.stringify({
    sub: `emulator-${normalized}`,
    email: normalized,
    email_verified: true,
  });
  const result = await signInWithCredential(getAppAuth(), GoogleAuthProvider.credential(idToken));
  return toAppUser(result.user);
}

export async function signOut(): Promise<void> {
  await firebaseSignOut(getAppAuth());
}

function toAppUser(user: User): AppUser {
  return {
    uid: user.uid,
    email: user.email ?? '',
    emailVerified: user.emailVerified,
    google: user.providerData.some((profile) => profile.providerId === 'google.com'),
  };
}
