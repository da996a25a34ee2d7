import { createExternalStore, type ExternalStore } from '../../../shared/state/externalStore';
import type * as AuthApi from '../store/auth';
import type { AppUser } from '../../../shared/permissions/permissions';

/**
 * Who is signed in, for the whole app. The Auth SDK is heavy and most visitors never sign in, so
 * it loads only when needed: at once for someone who signed in before (a small localStorage marker
 * says so), otherwise on the first press of 'Sign in with Google' (or a hover/focus just before).
 */
const SIGNED_IN_MARKER = 'feed.signedIn';

/** The signed-in account, null when signed out (or before Auth has said). */
export const session: ExternalStore<AppUser | null> = createExternalStore<AppUser | null>(null);
let authPromise: Promise<typeof AuthApi> | null = null;

/** Loads the auth module once and starts watching the identity provider's auth state. */
export function loadAuth(): Promise<typeof AuthApi> {
  if (!authPromise) {
    authPromise = import('../store/auth').then((api) => {
      api.watchUser((user) => {
        remember(user !== null);
        session.set(user);
      });
      return api;
    });
    authPromise.catch(() => {
      authPromise = null;
    });
  }
  return authPromise;
}

/** Called once on start: a returning signed-in user gets their session back without a click. */
export function resumeSession(): void {
  if (!wasSignedIn()) return;
  loadAuth().catch((error: unknown) => console.error('Could not restore the session', error));
}

export async function signInWithGoogle(): Promise<boolean> {
  return attempt('Login failed', async () => (await loadAuth()).signInWithGoogle());
}

/**
 * The emulator account chooser's sign-in. 'unreachable': the Auth emulator never answered, which
 * the chooser (local tooling, not the product) says on screen; other failures are only logged.
 */
export async function signInWithEmulatorAccount(
  email: string,
  onWaiting?: () => void,
): Promise<'signed-in' | 'failed' | 'unreachable'> {
  try {
    const api = await loadAuth();
    try {
      await api.signInWithEmulatorAccount(email, onWaiting);
      return 'signed-in';
    } catch (error) {
      console.error('Login failed', error);
      return error instanceof api.AuthEmulatorUnreachableError ? 'unreachable' : 'failed';
    }
  } catch (error) {
    console.error('Login failed', error);
    return 'failed';
  }
}

export async function signOut(): Promise<boolean> {
  return attempt('Logout failed', async () => (await loadAuth()).signOut());
}

/** Spec §8: login and logout failures are logged to the console, and no message is shown. */
async function attempt(what: string, action: () => Promise<unknown>): Promise<boolean> {
  try {
    await action();
    return true;
  } catch (error) {
    console.error(what, error);
    return false;
  }
}

function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_MARKER) === '1';
  } catch {
    return false;
  }
}

function remember(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_MARKER, '1');
    else localStorage.removeItem(SIGNED_IN_MARKER);
  } catch {
    // Storage can be off (private mode): the session still works, it just loads Auth later.
  }
}
