import { lazy, Suspense, useRef, useState } from 'react';
import { useSubmit } from '../hooks/useSubmit';
import { useNeedsNetwork } from '../ui/needsNetwork';

// Loaded on the first press: most readers never open it.
const LazyConfirmDialog = lazy(() =>
  import('../ui/ConfirmDialog').then((module) => ({ default: module.ConfirmDialog })),
);

export interface ConfirmedButtonProps {
  /** The button's text, and the confirming button's in the dialog ('Delete', 'Remove'). */
  label: string;
  className: string;
  /** The element that says what the button acts on (a post's title, a comment). */
  describedBy: string;
  question: string;
  detail: string;
  /** What a failure message starts with ('Not deleted'). */
  failure: string;
  onConfirm: () => Promise<void>;
}

/**
 * A button for something that cannot be undone: it asks first in a modal dialog, then acts; a
 * failure is said next to it, and focus comes back to it after Cancel or a failure.
 */
export function ConfirmedButton({
  label,
  className,
  describedBy,
  question,
  detail,
  failure,
  onConfirm,
}: ConfirmedButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const { busy, error, run } = useSubmit(failure);
  const button = useRef<HTMLButtonElement>(null);
  const network = useNeedsNetwork(describedBy);

  const act = async () => {
    setConfirming(false);
    if (!(await run(onConfirm))) button.current?.focus();
  };

  return (
    <>
      <button
        type="button"
        ref={button}
        className={className}
        aria-describedby={network['aria-describedby']}
        aria-busy={busy}
        disabled={busy || network.disabled}
        onClick={() => setConfirming(true)}
      >
        {label}
      </button>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {confirming && (
        <Suspense fallback={null}>
          <LazyConfirmDialog
            question={question}
            detail={detail}
            confirmLabel={label}
            onConfirm={() => void act()}
            onCancel={() => {
              setConfirming(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
