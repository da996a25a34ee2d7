import { Suspense, lazy, useEffect, useRef, useState, type RefObject } from 'react';
import { USE_EMULATORS } from '../../../shared/config';
import type { AppUser } from '../data/permissions';
import { useSignIn } from '../hooks/useSession';
import { useNeedsNetwork } from '../../../shared/network/needsNetwork';

// The emulator's stand-in for Google's popup loads when it opens, so no visitor's first load
// carries it. The build writes the setting as a literal here, so a production build drops this
// import (and the chunk) altogether; USE_EMULATORS, a binding from another module, would not.
const LazyAccountChooser =
  import.meta.env.VITE_USE_EMULATORS === 'true'
    ? lazy(() => import('./AccountChooser').then((module) => ({ default: module.AccountChooser })))
    : null;

export interface LoginPanelProps {
  user: AppUser | null;
}

/** Spec §2's login panel. With the Auth emulator, an account chooser stands in for Google's popup. */
export function LoginPanel({ user }: LoginPanelProps) {
  const [choosing, setChoosing] = useState(false);
  const { trigger, logout, focusAfterChooser } = useFocusAfterChooser(user);
  const { signInWithGoogle } = useSignIn();

  const signIn = () => {
    if (USE_EMULATORS) setChoosing(true);
    else void signInWithGoogle();
  };
  const closeChooser = (signedIn: boolean) => {
    setChoosing(false);
    focusAfterChooser(signedIn ? 'logout' : 'trigger');
  };

  return (
    <section className="login" aria-labelledby="login-heading">
      <h2 id="login-heading" className="login__heading">
        Login with Google
      </h2>
      <LoginStatus user={user} trigger={trigger} logout={logout} onSignIn={signIn} />
      {/* USE_EMULATORS is a build-time literal: a production bundle leaves the chooser out. */}
      {LazyAccountChooser && choosing && !user && (
        <Suspense fallback={null}>
          <LazyAccountChooser onClose={closeChooser} />
        </Suspense>
      )}
    </section>
  );
}

type FocusTarget = 'trigger' | 'logout';

/**
 * Where focus goes once the chooser has closed: back to the trigger, or on to Logout (once the
 * signed-in user has rendered it).
 */
function useFocusAfterChooser(user: AppUser | null) {
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const logout = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!focusTarget) return;
    const target = focusTarget === 'logout' ? logout.current : trigger.current;
    if (target) {
      target.focus();
      setFocusTarget(null);
    }
  }, [focusTarget, user]);

  return { trigger, logout, focusAfterChooser: setFocusTarget };
}

interface LoginStatusProps {
  user: AppUser | null;
  trigger: RefObject<HTMLButtonElement | null>;
  logout: RefObject<HTMLButtonElement | null>;
  onSignIn: () => void;
}

/** Signed in: who, and Logout. Signed out: 'Sign in with Google'. */
function LoginStatus({ user, trigger, logout, onSignIn }: LoginStatusProps) {
  const { signOut, prepare } = useSignIn();
  const network = useNeedsNetwork();
  if (user) {
    return (
      <p className="login__status">
        <span>Logged in as:</span> <span className="login__email">{user.email}</span>{' '}
        <button ref={logout} type="button" onClick={() => void signOut()} {...network}>
          Logout
        </button>
      </p>
    );
  }
  return (
    <button
      ref={trigger}
      type="button"
      className="button button--primary"
      onClick={onSignIn}
      onPointerEnter={prepare}
      onFocus={prepare}
      {...network}
    >
      Sign in with Google
    </button>
  );
}
