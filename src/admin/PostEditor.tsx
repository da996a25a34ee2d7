import { useId, useState, type FormEvent } from 'react';
import type { DealStatus } from '../data/dealStatus';
import type { PostEdit } from '../data/post';
import { describeError } from '../feed/describeError';
import { LIMITS, textProblem } from '../limits';
import { describeProblem } from '../lib/describeProblem';
import { DealStatusSelect } from './DealStatusSelect';
import { useNeedsNetwork } from '../ui/needsNetwork';

export interface PostEditorProps {
  content: string;
  status: DealStatus | undefined;
  onSave: (edit: PostEdit) => Promise<void>;
  onCancel: () => void;
}

/**
 * The edit box: filled with the current content and deal status; Save changes only those two,
 * Cancel nothing.
 */
export function PostEditor({ content, status, onSave, onCancel }: PostEditorProps) {
  const [text, setText] = useState(content);
  const [chosenStatus, setChosenStatus] = useState(status);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const boxId = useId();
  const errorId = useId();
  const network = useNeedsNetwork();

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text.trim() === '' || busy || network.disabled) return;
    const problem = describeProblem(
      'content',
      textProblem(text, LIMITS.contentChars, LIMITS.contentBytes),
    );
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      await onSave({ content: text, status: chosenStatus });
    } catch (failure) {
      setError(describeError(failure));
      setBusy(false);
    }
  };

  return (
    <form className="editor" onSubmit={(event) => void save(event)}>
      <label htmlFor={boxId} className="editor__label">
        Edit content
      </label>
      <textarea
        id={boxId}
        className="editor__box"
        rows={6}
        maxLength={LIMITS.contentChars}
        value={text}
        autoFocus
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
      <DealStatusSelect value={chosenStatus} onChange={setChosenStatus} />
      {error && (
        <p id={errorId} role="alert" className="form-error">
          {error}
        </p>
      )}
      <div className="editor__actions">
        <button type="submit" className="button button--primary" aria-busy={busy} {...network}>
          Save
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
