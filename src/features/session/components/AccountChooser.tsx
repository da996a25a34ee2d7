import { useEffect, useRef, useState, type FormEvent } from 'react';
import { config } from '../../../shared/config';
import { useSignIn } from '../hooks/useSession';
import '../../../shared/forms/dialog.css';
import './accountChooser.css';

/** The demo accounts offered with one click; any other e-mail can be typed. */
const DEMO_FAN_EMAIL = 'fan@example.com';

export interface AccountChooserProps {
  /** signedIn: whether the dialog closes because the user is now signed in. */
  onClose: (signedIn: boolean) => void;
}

// While the Auth emulator is still starting ('waiting'), or after it never answered.
type EmulatorState = 'ready' | 'waiting' | 'unreachable';

/**
 * The Auth emulator's stand-in for Google's popup: a modal dialog that signs in as any e-mail.
 * Only shown when the app is connected to the emulators.
 */
export function AccountChooser({ onClose }: AccountChooserProps) {
  const dialog = useModalDialog();
  const { busy, emulator, signIn } = useEmulatorSignIn(onClose);

  return (
    <dialog
      ref={dialog}
      className="chooser"
      aria-labelledby="chooser-heading"
      onCancel={(event) => {
        event.preventDefault();
        onClose(false);
      }}
    >
      <h2 id="chooser-heading">Choose an account</h2>
      <p className="chooser__note">Local Auth emulator: no password, any e-mail signs in.</p>
      <EmulatorStatus emulator={emulator} />
      <DemoAccounts onChoose={signIn} />
      <EmailForm busy={busy} onSignIn={signIn} onCancel={() => onClose(false)} />
    </dialog>
  );
}

/** A dialog element shown modal while mounted. */
function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return dialog;
}

/** Signs in as one e-mail at a time, saying when the emulator is slow or does not answer. */
function useEmulatorSignIn(onClose: (signedIn: boolean) => void) {
  const { signInWithEmulatorAccount } = useSignIn();
  const [busy, setBusy] = useState(false);
  const [emulator, setEmulator] = useState<EmulatorState>('ready');

  const signIn = async (address: string) => {
    if (address.trim() === '' || busy) return;
    setBusy(true);
    setEmulator('ready');
    const result = await signInWithEmulatorAccount(address, () => setEmulator('waiting'));
    setBusy(false);
    setEmulator(result === 'unreachable' ? 'unreachable' : 'ready');
    // Other failures are logged by the session (spec §8); the dialog stays open to try again.
    if (result === 'signed-in') onClose(true);
  };
  return { busy, emulator, signIn };
}

/** Whether sign-in is still starting (a status line), or never started (an alert). */
function EmulatorStatus({ emulator }: { emulator: EmulatorState }) {
  return (
    <>
      <p className="chooser__status" role="status">
        {emulator === 'waiting' && 'Sign-in is still starting… It completes as soon as it is up.'}
      </p>
      {emulator === 'unreachable' && (
        <p className="chooser__status" role="alert">
          Sign-in did not start: the Auth emulator at {config.authEmulatorHost} has not answered for
          a minute. Check the terminal running npm run dev, then try again.
        </p>
      )}
    </>
  );
}

/** The demo administrator and fan, each signed in with one click. */
function DemoAccounts({ onChoose }: { onChoose: (address: string) => Promise<void> }) {
  return (
    <ul className="chooser__accounts">
      {[config.adminEmail, DEMO_FAN_EMAIL].map((address) => (
        <li key={address}>
          <button type="button" className="chooser__account" onClick={() => void onChoose(address)}>
            {address}{' '}
            <span className="chooser__role">
              {address === config.adminEmail ? 'Demo administrator' : 'Demo fan'}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

interface EmailFormProps {
  busy: boolean;
  onSignIn: (address: string) => Promise<void>;
  onCancel: () => void;
}

/** Any other e-mail, typed: Sign in or Cancel. */
function EmailForm({ busy, onSignIn, onCancel }: EmailFormProps) {
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void onSignIn(email);
  };
  return (
    <form className="chooser__form" onSubmit={submit}>
      <label htmlFor="chooser-email">Email</label>
      <input
        id="chooser-email"
        type="email"
        autoComplete="email"
        maxLength={254}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        autoFocus
        required
      />
      <div className="chooser__actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" aria-busy={busy}>
          Sign in
        </button>
      </div>
    </form>
  );
}
