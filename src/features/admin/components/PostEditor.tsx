import { useId, useState, type FormEvent } from 'react';
import { describeProblem } from '../../../shared/errors/messages';
import { useSubmit } from '../../../shared/forms/useSubmit';
import type { DealStatus } from '../../posts';
import type { PostEdit } from '../../posts';
import { LIMITS } from '../../../shared/limits';
import { textProblem } from '../../../shared/text/textChecks';
import { DealField } from './DealField';
import { DealStatusSelect } from './DealStatusSelect';
import { chooseDeal } from '../../deals';
import { dealWritten, useKnownDeals } from '../../deals';
import { dealNameProblem } from '../data/dealNameProblem';
import { useNeedsNetwork } from '../../../shared/network/needsNetwork';

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
export function PostEditor({ content, status, deal, onSave, onCancel }: PostEditorProps) {
  const [text, setText] = useState(content);
  const [chosenStatus, setChosenStatus] = useState(status);
  const deals = useKnownDeals();
  // null: the deal as it was (its name shows once the deals are read; until then, its id).
  const [typedDeal, setTypedDeal] = useState<string | null>(null);
  const dealName = deals.find((known) => known.id === deal)?.name ?? deal ?? '';
  const { busy, error, run } = useSubmit();
  const boxId = useId();
  const errorId = useId();
  const network = useNeedsNetwork();

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Trimmed as the post form trims it: the saved content is what a new post would hold.
    const trimmed = text.trim();
    if (trimmed === '' || network.disabled) return;
    const chosenDeal =
      typedDeal !== null
        ? chooseDeal(typedDeal, deals)
        : deal === undefined
          ? undefined
          : { id: deal, name: dealName };
    const problem =
      describeProblem('content', textProblem(trimmed, LIMITS.contentChars, LIMITS.contentBytes)) ??
      (chosenDeal?.id === deal ? null : dealNameProblem(chosenDeal));
    const saved = await run(
      () => onSave({ content: trimmed, status: chosenStatus, deal: chosenDeal }),
      problem,
    );
    if (saved && chosenDeal) dealWritten(chosenDeal.id);
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
      <DealField value={typedDeal ?? dealName} onChange={setTypedDeal} deals={deals} />
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
