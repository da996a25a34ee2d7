import { lazy } from 'react';
import { DialogButton } from './DialogButton';

// Loaded on the first press: most readers never open it.
const LazyConfirmDialog = lazy(() =>
  import('./ConfirmDialog').then((module) => ({ default: module.ConfirmDialog })),
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

/** A button for something that cannot be undone: it asks first (yes or no), then acts. */
export function ConfirmedButton({ question, detail, onConfirm, ...button }: ConfirmedButtonProps) {
  return (
    <DialogButton
      {...button}
      onAct={onConfirm}
      dialog={({ act, cancel }) => (
        <LazyConfirmDialog
          question={question}
          detail={detail}
          confirmLabel={button.label}
          onConfirm={act}
          onCancel={cancel}
        />
      )}
    />
  );
}
