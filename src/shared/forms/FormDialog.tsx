import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import './dialog.css';

export interface FormDialogProps {
  title: string;
  /** The choices (radio buttons, a checkbox); read by the caller's own state. */
  children: ReactNode;
  submitLabel: string;
  onSubmit: () => void;
  onCancel: () => void;
}

/**
 * A modal form for an action with choices (report a comment, suspend an author), as a native
 * <dialog> like ConfirmDialog: focus is trapped, Escape cancels, the safe choice comes first.
 */
export function FormDialog({ title, children, submitLabel, onSubmit, onCancel }: FormDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <dialog
      ref={dialog}
      className="confirm"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form onSubmit={submit}>
        <h2 id={titleId} className="confirm__question">
          {title}
        </h2>
        {children}
        <div className="confirm__actions">
          <button type="button" className="button" onClick={onCancel} autoFocus>
            Cancel
          </button>
          <button type="submit" className="button button--danger">
            {submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
