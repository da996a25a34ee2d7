import { useId, useState, type FormEvent } from 'react';
import { describeProblem } from '../data/messages';
import { useSubmit } from '../hooks/useSubmit';
import type { DealStatus } from '../data/dealStatus';
import type { PostEdit } from '../data/post';
import { LIMITS } from '../data/limits';
import { textProblem } from '../data/textChecks';
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
  const { busy, error, run } = useSubmit();
  const boxId = useId();
  const errorId = useId();
  const network = useNeedsNetwork();

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Trimmed as the post form trims it: the saved content is what a new post would hold.
    const trimmed = text.trim();
    if (trimmed === '' || network.disabled) return;
    const problem = describeProblem(
      'content',
      textProblem(trimmed, LIMITS.contentChars, LIMITS.contentBytes),
    );
    await run(() => onSave({ content: trimmed, status: chosenStatus }), problem);
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
