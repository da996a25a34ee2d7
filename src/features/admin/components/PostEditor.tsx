import { useId } from 'react';
import type { DealStatus } from '../../../shared/posts/dealStatus';
import type { PostEdit } from '../../../shared/posts/post';
import { LIMITS } from '../../../shared/limits';
import { DealField } from './DealField';
import { DealStatusSelect } from './DealStatusSelect';
import { usePostEditor } from '../hooks/usePostEditor';
import './admin.css';

export interface PostEditorProps {
  content: string;
  status: DealStatus | undefined;
  /** The post's deal id, if it has one. */
  deal: string | undefined;
  onSave: (edit: PostEdit) => Promise<void>;
  onCancel: () => void;
}

/**
 * The edit box: filled with the current content and deal status; Save changes only those two,
 * Cancel nothing.
 */
export function PostEditor({ onCancel, ...post }: PostEditorProps) {
  const editor = usePostEditor(post);
  const { error, busy, network } = editor;
  const boxId = useId();
  const errorId = useId();

  return (
    <form className="editor" onSubmit={(event) => void editor.save(event)}>
      <label htmlFor={boxId} className="editor__label">
        Edit content
      </label>
      <textarea
        id={boxId}
        className="editor__box"
        rows={6}
        maxLength={LIMITS.contentChars}
        value={editor.text}
        autoFocus
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => editor.setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
      <DealField value={editor.dealText} onChange={editor.setTypedDeal} deals={editor.deals} />
      <DealStatusSelect value={editor.chosenStatus} onChange={editor.setChosenStatus} />
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
