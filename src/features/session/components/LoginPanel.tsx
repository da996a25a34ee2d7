import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { USE_EMULATORS } from '../../../shared/config';
import type { AppUser } from '../../../shared/permissions/permissions';
import { useSignIn } from '../hooks/useSession';
import { useNeedsNetwork } from '../../../shared/network/needsNetwork';
import './login.css';

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

/**
 * Spec §2's login panel. With the Auth emulator, an account chooser stands in for Google's popup.
 */
export function LoginPanel({ user }: LoginPanelProps) {
  const [choosing, setChoosing] = useState(false);
  // Where focus goes once the chooser has closed: back to the trigger, or on to Logout.
  const [focusTarget, setFocusTarget] = useState<'trigger' | 'logout' | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const logout = useRef<HTMLButtonElement>(null);
  const { signInWithGoogle, signOut, prepare } = useSignIn();
  const network = useNeedsNetwork();

  useEffect(() => {
    if (!focusTarget) return;
    const target = focusTarget === 'logout' ? logout.current : trigger.current;
    if (target) {
      target.focus();
      setFocusTarget(null);
    }
  }, [focusTarget, user]);

  const signIn = () => {
    if (USE_EMULATORS) setChoosing(true);
    else void signInWithGoogle();
  };
  const closeChooser = (signedIn: boolean) => {
    setChoosing(false);
    setFocusTarget(signedIn ? 'logout' : 'trigger');
  };

  return (
    <section className="login" aria-labelledby="login-heading">
      <h2 id="login-heading" className="login__heading">
        Login with Google
      </h2>
      {user ? (
        <p className="login__status">
          <span>Logged in as:</span> <span className="login__email">{user.email}</span>{' '}
          <button ref={logout} type="button" onClick={() => void signOut()} {...network}>
            Logout
          </button>
        </p>
      ) : (
        <button
          ref={trigger}
          type="button"
          className="button button--primary"
          onClick={signIn}
          onPointerEnter={prepare}
          onFocus={prepare}
          {...network}
        >
          Sign in with Google
        </button>
      )}
      {/* USE_EMULATORS is a build-time literal: a production bundle leaves the chooser out. */}
      {LazyAccountChooser && choosing && !user && (
        <Suspense fallback={null}>
          <LazyAccountChooser onClose={closeChooser} />
        </Suspense>
      )}
    </section>
  );
}
