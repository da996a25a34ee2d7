import { lazy, useId, useState, type ReactNode } from 'react';
import { DialogButton } from './DialogButton';
import './choices.css';

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
 * suspension lasts), then acts with it. The first option is chosen to begin with.
 */
export function ChoiceButton<T extends string>({
  title,
  submitLabel,
  detail,
  legend,
  options,
  children,
  onChoose,
  ...button
}: ChoiceButtonProps<T>) {
  const [choice, setChoice] = useState<T | null>(null);
  const groupName = useId();
  const chosen = choice ?? options[0]?.[0];

  return (
    <DialogButton
      {...button}
      onAct={() => (chosen === undefined ? Promise.resolve() : onChoose(chosen))}
      dialog={({ act, cancel }) => (
        <LazyFormDialog title={title} submitLabel={submitLabel} onSubmit={act} onCancel={cancel}>
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
      )}
    />
  );
}
