import { useRef, useState } from 'react';
import { describeError } from '../feed/describeError';
import { ConfirmDialog } from '../ui/ConfirmDialog';

export interface PostActionsProps {
  title: string;
  titleId: string;
  /** Focus the Edit button on mount: the user is back from the edit box. */
  focusEdit: boolean;
  onEdit: () => void;
  onDelete: () => Promise<void>;
}

/** The administrator's Edit and Delete; Delete asks first. */
export function PostActions({ title, titleId, focusEdit, onEdit, onDelete }: PostActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);

  const remove = async () => {
    setConfirming(false);
    try {
      await onDelete();
    } catch (failure) {
      setError(describeError(failure, 'Not deleted'));
    }
  };

  return (
    <div className="post__actions">
      <button
        type="button"
        className="button"
        aria-describedby={titleId}
        autoFocus={focusEdit}
        onClick={onEdit}
      >
        Edit
      </button>
      <button
        type="button"
        ref={deleteButton}
        className="button button--danger"
        aria-describedby={titleId}
        onClick={() => setConfirming(true)}
      >
        Delete
      </button>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          question="Delete this post?"
          detail={`“${title}” will be removed for everyone. This cannot be undone.`}
          confirmLabel="Delete"
          onConfirm={() => void remove()}
          onCancel={() => {
            setConfirming(false);
            deleteButton.current?.focus();
          }}
        />
      )}
    </div>
  );
}
