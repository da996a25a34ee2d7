import { Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { useSubmit } from './useSubmit';
import { useNeedsNetwork } from '../network/needsNetwork';

export interface DialogButtonProps {
  /** The button's text. */
  label: string;
  className: string;
  /** The element that says what the button acts on (a post's title, a comment, an author). */
  describedBy: string;
  disabled?: boolean;
  /** What a failure message starts with ('Not deleted'). */
  failure: string;
  onAct: () => Promise<void>;
  /** The modal that asks first: `act` when confirmed, `cancel` otherwise. */
  dialog: (answer: { act: () => void; cancel: () => void }) => ReactNode;
}

/**
 * A button for an action that asks first in a modal dialog (ConfirmedButton, ChoiceButton): the
 * dialog loads on the first press, the action runs once confirmed, a failure is said next to the
 * button, and focus comes back to it after Cancel or a failure.
 */
export function DialogButton({
  label,
  className,
  describedBy,
  disabled = false,
  failure,
  onAct,
  dialog,
}: DialogButtonProps) {
  const [asking, setAsking] = useState(false);
  const { busy, error, run } = useSubmit(failure);
  const button = useRef<HTMLButtonElement>(null);
  const network = useNeedsNetwork(describedBy);

  // Stable callbacks for the dialog: they read the button's ref only when called.
  const act = useCallback(() => {
    setAsking(false);
    void run(onAct).then((done) => {
      if (!done) button.current?.focus();
    });
  }, [run, onAct]);
  const cancel = useCallback(() => {
    setAsking(false);
    button.current?.focus();
  }, []);

  // act and cancel read the button's ref only when the dialog calls them, never during render.
  // eslint-disable-next-line react-hooks/refs
  const question = asking ? dialog({ act, cancel }) : null;

  return (
    <>
      <button
        type="button"
        ref={button}
        className={className}
        aria-describedby={network['aria-describedby']}
        aria-busy={busy}
        disabled={disabled || busy || network.disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {asking && <Suspense fallback={null}>{question}</Suspense>}
    </>
  );
}
