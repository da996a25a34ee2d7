import { useCallback, useEffect, useState } from 'react';
import { saveReviewSettings } from '../../feed/commands';
import type { ReviewSettings } from '../../comments/data/review';
import type { ModerationStatus } from '../state/commentList';
import * as store from '../store/heldReview';

export interface ReviewSettingsRead {
  /** The club's choices as stored; null until read. */
  settings: ReviewSettings | null;
  status: ModerationStatus;
  /** Reads them again (Retry). */
  reload: () => void;
  /** Saves the whole choices; shown once committed, so a refusal changes nothing here. */
  save: (settings: ReviewSettings) => Promise<void>;
}

/** The club's choices of what to hold for review: read once when the view opens. */
export function useReviewSettings(): ReviewSettingsRead {
  const [read, setRead] = useState(0);
  const [settings, setSettings] = useState<ReviewSettings | null>(null);
  const [status, setStatus] = useState<ModerationStatus>('loading');

  useEffect(() => {
    let current = true;
    store.readReviewSettings().then(
      (stored) => {
        if (!current) return;
        setSettings(stored);
        setStatus('ready');
      },
      (error: unknown) => {
        console.error('Could not read the review settings', error);
        if (current) setStatus('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [read]);

  const reload = useCallback(() => {
    setStatus('loading');
    setRead((count) => count + 1);
  }, []);

  const save = useCallback(async (chosen: ReviewSettings) => {
    await saveReviewSettings(chosen);
    setSettings(chosen);
  }, []);

  return { settings, status, reload, save };
}
