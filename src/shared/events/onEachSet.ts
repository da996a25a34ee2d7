import type { ExternalStore } from '../state/externalStore';

/**
 * Calls `listener` with each value set on `store` (none while it is null): a store that holds the
 * last event (a deal written, a check's finds, a move told, a write committed), listened to as a
 * stream of them.
 */
export function onEachSet<T>(
  store: ExternalStore<T | null>,
  listener: (value: T) => void,
): () => void {
  return store.subscribe(() => {
    const value = store.get();
    if (value !== null) listener(value);
  });
}
