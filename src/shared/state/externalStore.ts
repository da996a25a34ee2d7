import { useSyncExternalStore } from 'react';

/**
 * A value that lives outside React (who is signed in, the threads read, the deals followed) and
 * that components read with useExternalStore: the one subscribe-and-tell machine of the app.
 */
export interface ExternalStore<T> {
  get: () => T;
  /**
   * Holds `value` and tells every subscriber, also when it is the same object changed in place
   * (a Map): readers select what they show, and React re-renders only where that changed.
   */
  set: (value: T) => void;
  /** Calls `listener` after each set; returns the function that stops it. */
  subscribe: (listener: () => void) => () => void;
}

export function createExternalStore<T>(initial: T): ExternalStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The part of a store's value a component shows (`select` must return the same value while that
 * part is unchanged: a field, an entry of a Map); the component re-renders when it changes.
 */
export function useExternalStore<T>(store: ExternalStore<T>): T;
export function useExternalStore<T, S>(store: ExternalStore<T>, select: (value: T) => S): S;
export function useExternalStore<T, S>(store: ExternalStore<T>, select?: (value: T) => S): T | S {
  const snapshot = () => (select ? select(store.get()) : store.get());
  return useSyncExternalStore(store.subscribe, snapshot);
}
