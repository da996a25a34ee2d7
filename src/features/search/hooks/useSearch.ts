import { useCallback, useState } from 'react';
import { isOnline } from '../../../shared/network/network';

/** The search box's text, and the search of every post asked for (none: null). */
export interface Search {
  query: string;
  /** The text a search of every post was asked for: 'Search all posts', or Enter in the box. */
  asked: string | null;
  onQueryChange: (query: string) => void;
  /**
   * Asks for a search of every post; not offline (nothing then searches unasked when the network
   * returns). Without a word to search, SearchAll shows no results for it.
   */
  askAll: (query: string) => void;
  /** Forgets the ask: the box was cleared (SearchAll, once the clearing has painted). */
  forgetAsk: () => void;
}

/**
 * The page's search. The ask is kept here, with the box, rather than in the search of every post:
 * Enter pressed before that code has loaded still counts.
 */
export function useSearch(): Search {
  const [query, setQuery] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const askAll = useCallback((text: string) => {
    if (isOnline()) setAsked(text);
  }, []);
  const forgetAsk = useCallback(() => setAsked(null), []);
  return { query, asked, onQueryChange: setQuery, askAll, forgetAsk };
}
