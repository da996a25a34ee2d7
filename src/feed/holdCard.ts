import { createContext, useContext, useEffect } from 'react';

/** Keeps the surrounding card mounted until the returned release is called (see useFeedWindow). */
export const HoldCardContext = createContext<() => () => void>(() => () => {});

/** While `active` (unsaved input, an open editor), the feed never leaves this card out. */
export function useHoldCard(active: boolean): void {
  const holdCard = useContext(HoldCardContext);
  useEffect(() => (active ? holdCard() : undefined), [active, holdCard]);
}
