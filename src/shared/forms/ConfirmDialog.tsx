import { useEffect, useId, useRef } from 'react';
import './dialog.css';

export interface ConfirmDialogProps {
  question: string;
  detail: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal yes/no question, as a native <dialog>: focus is trapped, Escape cancels. */
export function ConfirmDialog({
  question,
  detail,
  confirmLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const questionId = useId();
  const detailId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="confirm"
      role="alertdialog"
      aria-labelledby={questionId}
      aria-describedby={detailId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={questionId} className="confirm__question">
        {question}
      </h2>
      <p id={detailId}>{detail}</p>
      <div className="confirm__actions">
        {/* The safe choice first, and focused first. */}
        <button type="button" className="button" onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
