import { createContext } from 'react';

/**
 * The deal whose own feed the cards below are in (DealView), or null: there the heading names the
 * deal, so its cards do not repeat the link to it.
 */
export const ShownDeal = createContext<string | null>(null);
