import { useId, useState } from 'react';
import type { ReviewSettings } from '../../comments/data/review';
import type { ReviewSettingsRead } from '../hooks/useReviewSettings';
import { useSubmit, type Submit } from '../../../shared/forms/useSubmit';
import { SuspectWords } from './SuspectWords';
import './moderation.css';
import '../../../shared/forms/choices.css';

/**
 * The club's choices, shown once read: 'Hold first comments' and the suspect words. Each change
 * saves the whole choices, one save at a time, so two changes never overwrite each other.
 */
export function ReviewSettingsForm({ review }: { review: ReviewSettingsRead }) {
  const { settings, status, reload, save } = review;
  const holding = useSubmit('Not saved');
  const adding = useSubmit('Not added');
  const removing = useSubmit('Not removed');
  const busy = holding.busy || adding.busy || removing.busy;

  if (status === 'failed') {
    return (
      <p role="alert" className="form-error">
        The review settings could not be loaded.{' '}
        <button type="button" className="button button--small" onClick={reload}>
          Retry
        </button>
      </p>
    );
  }
  if (status === 'loading' || settings === null) {
    return (
      <p role="status" className="moderation__status">
        Loading the review settings...
      </p>
    );
  }
  return (
    <div className="held-settings" aria-busy={busy}>
      <HoldFirstCheckbox settings={settings} save={save} holding={holding} busy={busy} />
      <SuspectWords
        settings={settings}
        save={save}
        adding={adding}
        removing={removing}
        busy={busy}
      />
    </div>
  );
}

interface HoldFirstCheckboxProps {
  settings: ReviewSettings;
  save: (settings: ReviewSettings) => Promise<void>;
  holding: Submit;
  /** Any of the choices is being saved. */
  busy: boolean;
}

/** 'Hold first comments': ticked shows at once; a refused save puts it back and says why. */
function HoldFirstCheckbox({ settings, save, holding, busy }: HoldFirstCheckboxProps) {
  const hintId = useId();
  // The choice being saved, shown meanwhile; null when the stored one is shown.
  const [choosing, setChoosing] = useState<boolean | null>(null);

  const choose = async (holdFirst: boolean) => {
    if (busy) return;
    setChoosing(holdFirst);
    await holding.run(() => save({ ...settings, holdFirst }));
    setChoosing(null);
  };

  return (
    <div>
      <label className="choice">
        <input
          type="checkbox"
          checked={choosing ?? settings.holdFirst}
          disabled={busy}
          aria-describedby={hintId}
          onChange={(event) => void choose(event.target.checked)}
        />
        Hold first comments
      </label>
      <p id={hintId} className="field__hint">
        A fan’s comments wait here until you approve one of them; after that they appear at once.
      </p>
      {holding.error && (
        <p role="alert" className="form-error">
          {holding.error}
        </p>
      )}
    </div>
  );
}
