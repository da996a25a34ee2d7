import { useId, useState, type FormEvent } from 'react';
import { suspectWord, type ReviewSettings } from '../../comments/data/review';
import { suspectWordProblem } from '../data/heldReview';
import type { Submit } from '../../../shared/forms/useSubmit';
import './moderation.css';

export interface SuspectWordsProps {
  settings: ReviewSettings;
  save: (settings: ReviewSettings) => Promise<void>;
  adding: Submit;
  removing: Submit;
  /** Any of the choices is being saved. */
  busy: boolean;
}

/** The suspect words, each with its Remove, and the box that adds one. */
export function SuspectWords({ settings, save, adding, removing, busy }: SuspectWordsProps) {
  const hintId = useId();
  const inputId = useId();
  const errorId = useId();
  const [typed, setTyped] = useState('');

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const word = suspectWord(typed);
    const problem = suspectWordProblem(word, settings.words);
    const words = word === null ? settings.words : [...settings.words, word];
    // A problem is said instead of saving; what was typed stays until the word is saved.
    const saved = await adding.run(() => save({ ...settings, words }), problem);
    if (saved) setTyped('');
  };

  const remove = (word: string) =>
    void removing.run(() =>
      save({ ...settings, words: settings.words.filter((listed) => listed !== word) }),
    );

  return (
    <div className="suspect-words">
      <h4 className="held__subheading">Suspect words</h4>
      <p id={hintId} className="field__hint">
        A comment with one of these words waits here, whoever writes it.
      </p>
      <ul className="suspect-words__list" aria-label="Suspect words">
        {settings.words.map((word) => (
          <li key={word} className="suspect-words__word">
            <span>{word}</span>
            <button
              type="button"
              className="button button--small"
              aria-label={`Remove suspect word ${word}`}
              disabled={busy}
              onClick={() => remove(word)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      {settings.words.length === 0 && <p className="field__hint">No suspect words yet.</p>}
      {removing.error && (
        <p role="alert" className="form-error">
          {removing.error}
        </p>
      )}
      <form className="suspect-words__add" onSubmit={(event) => void add(event)}>
        <label htmlFor={inputId}>Suspect word</label>
        <input
          id={inputId}
          value={typed}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={adding.error ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button" disabled={busy}>
          Add word
        </button>
      </form>
      {adding.error && (
        <p id={errorId} role="alert" className="form-error">
          {adding.error}
        </p>
      )}
    </div>
  );
}
