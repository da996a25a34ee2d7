import { useEffect } from 'react';
import { useExternalStore } from '../../../shared/state/externalStore';
import type { AppUser } from '../../../shared/permissions/permissions';
import {
  loadAuth,
  resumeSession,
  session,
  signInWithEmulatorAccount,
  signInWithGoogle,
  signOut,
} from '../state/session';

/** The signed-in user (null when signed out), kept current as the auth state changes. */
export function useSession(): AppUser | null {
  useEffect(resumeSession, []);
  return useExternalStore(session);
}

const SIGN_IN = {
  signInWithGoogle,
  signInWithEmulatorAccount,
  signOut,
  /** Fetches the Auth SDK as soon as a sign-in looks likely, so the click itself is quick. */
  prepare: () => {
    loadAuth().catch(() => {});
  },
};

/** Signing in and out, for the login panel and the account chooser; failures are only logged. */
export function useSignIn(): typeof SIGN_IN {
  return SIGN_IN;
}
