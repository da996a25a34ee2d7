import { startTransition, useEffect, useEffectEvent, useRef, useState } from 'react';

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
 *
 * Each change renders as a transition, which React splits into short tasks: a change that reaches
 * every card (the threads' counts, the deals chunk's arrival, who is signed in) never holds the main
 * thread in one long task (bench:web's TBT). useSyncExternalStore would render every change at
 * once, in one task. The price: a render may show the value from just before a change, for the
 * few milliseconds until the transition's render.
 */
export function useExternalStore<T>(store: ExternalStore<T>): T;
export function useExternalStore<T, S>(store: ExternalStore<T>, select: (value: T) => S): S;
export function useExternalStore<T, S>(store: ExternalStore<T>, select?: (value: T) => S): T | S {
  const read = () => (select ? select(store.get()) : store.get());
  const [value, setValue] = useState(read);
  // The value last handed to React: an unchanged part schedules no render at all (a store change
  // tells every card, and most show none of it).
  const shown = useRef(value);
  const onChange = useEffectEvent(() => {
    const next = read();
    if (Object.is(next, shown.current)) return;
    shown.current = next;
    // As an updater, so a value that is itself a function is kept, not called.
    startTransition(() => setValue(() => next));
  });
  useEffect(() => {
    onChange(); // a change between the first render and the subscription
    return store.subscribe(onChange);
  }, [store]);
  // A new `select` (another post's thread, another fan) picks its part after the render that
  // brought it, as a store change would.
  useEffect(() => onChange());
  return value;
}
