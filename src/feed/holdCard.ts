import { createContext, useContext, useEffect } from 'react';

/** Keeps the surrounding card mounted until the returned release is called (see useFeedWindow). */
export const HoldCardContext = createContext<() => () => void>(() => () => {});

/** While `active` (unsaved input, an open editor), the feed never leaves this card out. */
export function useHoldCard(active: boolean): void {
  useHoldWhile(active, useContext(HoldCardContext));
}

/** Holds with `hold` while `active`, and releases when it no longer is or on unmount. */
export function useHoldWhile(active: boolean, hold: () => () => void): void {
  useEffect(() => (active ? hold() : undefined), [active, hold]);
}
