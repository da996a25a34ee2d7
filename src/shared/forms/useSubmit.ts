import { useCallback, useRef, useState } from 'react';
import { describeError } from '../errors/messages';

export interface Submit {
  /** A write is in flight: the form's button says so and a second press does nothing. */
  busy: boolean;
  /** Why the last attempt failed, in words a fan understands; null after a success. */
  error: string | null;
  /**
   * Saves with `save` unless a save is already in flight. `problem`, when not null, is said instead
   * of saving (text the rules would refuse). Resolves true once saved; what was typed is never
   * touched here, so the form clears it only then.
   */
  run: (save: () => Promise<void>, problem?: string | null) => Promise<boolean>;
}

/**
 * Every write form's routine in one place: busy while saving, the reason when it fails, nothing
 * lost. `outcome` starts a failure's message ('Not saved', 'Not sent', 'Not deleted').
 */
export function useSubmit(outcome?: string): Submit {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The state above renders; this ref answers a second press before that render.
  const inFlight = useRef(false);

  const run = useCallback(
    async (save: () => Promise<void>, problem: string | null = null) => {
      if (inFlight.current) return false;
      if (problem !== null) {
        setError(problem);
        return false;
      }
      inFlight.current = true;
      setBusy(true);
      try {
        await save();
        setError(null);
        return true;
      } catch (failure) {
        setError(describeError(failure, outcome));
        return false;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [outcome],
  );

  return { busy, error, run };
}
