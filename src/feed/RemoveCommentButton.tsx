import { lazy, Suspense, useRef, useState } from 'react';
import { describeError } from './describeError';
import type { Comment } from '../data/post';

// Loaded on the first Remove press: most readers never open it.
const LazyConfirmDialog = lazy(() =>
  import('../ui/ConfirmDialog').then((module) => ({ default: module.ConfirmDialog })),
);

export interface RemoveCommentButtonProps {
  comment: Comment;
  /** The comment's text element, so 'Remove' says which comment it is for. */
  commentId: string;
  onRemove: () => Promise<void>;
}

/** 'Remove' on one comment line (the administrator's any, a fan's own); asks first, as Delete does. */
export function RemoveCommentButton({ comment, commentId, onRemove }: RemoveCommentButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  const remove = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      await onRemove();
    } catch (failure) {
      setError(describeError(failure, 'Not removed'));
      setBusy(false);
      button.current?.focus();
    }
  };

  return (
    <>
      <button
        type="button"
        ref={button}
        className="button button--small button--danger"
        aria-describedby={commentId}
        aria-busy={busy}
        disabled={busy}
        onClick={() => setConfirming(true)}
      >
        Remove
      </button>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {confirming && (
        <Suspense fallback={null}>
          <LazyConfirmDialog
            question="Remove this comment?"
            detail={`${comment.user}: “${comment.text}” will be removed for everyone. This cannot be undone.`}
            confirmLabel="Remove"
            onConfirm={() => void remove()}
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
