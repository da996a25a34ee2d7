import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { useSubmit } from '../hooks/useSubmit';
import { useNeedsNetwork } from './needsNetwork';

// Loaded on the first press: most readers never open it.
const LazyFormDialog = lazy(() =>
  import('./FormDialog').then((module) => ({ default: module.FormDialog })),
);

export interface ChoiceButtonProps<T extends string> {
  /** The button's text. */
  label: string;
  className: string;
  /** The element that says what the button acts on (a comment, an author). */
  describedBy: string;
  disabled?: boolean;
  /** The dialog's title and its confirming button. */
  title: string;
  submitLabel: string;
  /** Said above the choices. */
  detail?: string;
  legend: string;
  options: readonly (readonly [T, string])[];
  /** More fields below the choices (a checkbox), held by the caller. */
  children?: ReactNode;
  /** What a failure message starts with ('Not reported'). */
  failure: string;
  onChoose: (choice: T) => Promise<void>;
}

/**
 * A button that asks for one choice in a modal form (why a comment is reported, how long a
 * suspension lasts), then acts; a failure is said next to it, and focus comes back to it after
 * Cancel or a failure. The first option is chosen to begin with.
 */
export function ChoiceButton<T extends string>({
  label,
  className,
  describedBy,
  disabled = false,
  title,
  submitLabel,
  detail,
  legend,
  options,
  children,
  failure,
  onChoose,
}: ChoiceButtonProps<T>) {
  const [choosing, setChoosing] = useState(false);
  const [choice, setChoice] = useState<T | null>(null);
  const { busy, error, run } = useSubmit(failure);
  const button = useRef<HTMLButtonElement>(null);
  const network = useNeedsNetwork(describedBy);
  const groupName = useId();
  const chosen = choice ?? options[0]?.[0];

  const act = async () => {
    setChoosing(false);
    if (chosen === undefined) return;
    if (!(await run(() => onChoose(chosen)))) button.current?.focus();
  };

  return (
    <>
      <button
        type="button"
        ref={button}
        className={className}
        aria-describedby={network['aria-describedby']}
        aria-busy={busy}
        disabled={disabled || busy || network.disabled}
        onClick={() => setChoosing(true)}
      >
        {label}
      </button>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {choosing && (
        <Suspense fallback={null}>
          <LazyFormDialog
            title={title}
            submitLabel={submitLabel}
            onSubmit={() => void act()}
            onCancel={() => {
              setChoosing(false);
              button.current?.focus();
            }}
          >
            {detail && <p>{detail}</p>}
            <fieldset className="choices">
              <legend>{legend}</legend>
              {options.map(([value, text]) => (
                <label key={value} className="choice">
                  <input
                    type="radio"
                    name={groupName}
                    value={value}
                    checked={chosen === value}
                    onChange={() => setChoice(value)}
                  />
                  {text}
                </label>
              ))}
            </fieldset>
            {children}
          </LazyFormDialog>
        </Suspense>
      )}
    </>
  );
}
