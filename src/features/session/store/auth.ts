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
import { USE_EMULATORS, config } from '../../../shared/config';
import { getFirebaseApp } from '../../../shared/store/firebase';
import type { AppUser } from '../../../shared/permissions/permissions';

/**
 * The only module that talks to Firebase Auth. Loaded on demand (see
 * features/session/state/session.ts), so visitors who never sign in never download the Auth SDK.
 */
let auth: Auth | null = null;

function getAppAuth(): Auth {
  if (!auth) {
    auth = getAuth(getFirebaseApp());
    if (USE_EMULATORS && config.authEmulatorHost) {
      connectAuthEmulator(auth, `http://${config.authEmulatorHost}`, { disableWarnings: true });
    }
  }
  return auth;
}

/** Watches the identity provider's auth state (spec §4). Returns the unsubscribe function. */
export function watchUser(onChange: (user: AppUser | null) => void): () => void {
  return onAuthStateChanged(getAppAuth(), (user) => onChange(user ? toAppUser(user) : null));
}

/** Production sign-in: Google's popup. */
export async function signInWithGoogle(): Promise<AppUser> {
  const result = await signInWithPopup(getAppAuth(), new GoogleAuthProvider());
  return toAppUser(result.user);
}

/** Thrown when the Auth emulator has not answered for EMULATOR_WAIT_MS: it is not running. */
export class AuthEmulatorUnreachableError extends Error {}

/**
 * How long an emulator sign-in keeps trying while the Auth emulator starts: `npm run dev` shows the
 * feed in a second, and the Auth emulator answers 7–22 s later. Past a minute it is not starting.
 */
const EMULATOR_WAIT_MS = 60_000;
const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 2_000;

/**
 * Emulator sign-in, in place of the popup: the Auth emulator accepts an unsigned Google id token,
 * so any e-mail becomes a verified Google account. While the emulator does not answer yet it
 * retries with backoff, calling onWaiting once so the chooser can say so. Only in emulator
 * builds: USE_EMULATORS is a build-time literal, so a production bundle holds none of this.
 */
export async function signInWithEmulatorAccount(
  email: string,
  onWaiting: () => void = () => {},
): Promise<AppUser> {
  if (!USE_EMULATORS || !config.authEmulatorHost) {
    throw new Error('Emulator accounts exist only with the emulators');
  }
  const normalized = email.trim().toLowerCase();
  // A stable subject per e-mail, so signing in again reuses the same account.
  const idToken = JSON.stringify({
    sub: `emulator-${normalized}`,
    email: normalized,
    email_verified: true,
  });
  const credential = GoogleAuthProvider.credential(idToken);
  const deadline = Date.now() + EMULATOR_WAIT_MS;
  let delay = FIRST_RETRY_MS;
  let waiting = false;
  for (;;) {
    try {
      const result = await signInWithCredential(getAppAuth(), credential);
      return toAppUser(result.user);
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      if (Date.now() + delay > deadline) {
        throw new AuthEmulatorUnreachableError(
          `The Auth emulator at ${config.authEmulatorHost} did not answer for ` +
            `${EMULATOR_WAIT_MS / 1000} s`,
          { cause: error },
        );
      }
      if (!waiting) onWaiting();
      waiting = true;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, LONGEST_RETRY_MS);
    }
  }
}

/**
 * What the SDK throws when nothing answers at the Auth host (here: the emulator still starting).
 */
function isNetworkFailure(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === 'auth/network-request-failed'
  );
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
