import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { AppUser } from '../../../shared/permissions/permissions';
import { useNeedsNetwork } from '../../../shared/network/needsNetwork';
import { searchTerms } from '../data/searchTerms';
import type { Search } from '../hooks/useSearch';
import { SearchResults } from './SearchResults';
import './searchAll.css';

export interface SearchAllProps extends Pick<Search, 'asked' | 'askAll' | 'forgetAsk'> {
  /** What the search box holds (SearchBox), once its keystroke has painted. */
  query: string;
  user: AppUser | null;
}

const NOTE_ID = 'search-all-note';

/** Said below the button while offline: the loaded posts are still searched. */
export const NEEDS_CONNECTION = 'Searching older posts needs a connection.';

/**
 * Below the loaded posts' matches: 'Search all posts' (or Enter in the search box: useSearch), and
 * once asked, the posts it found in the feed's place: its style hides the feed while the results
 * are there (searchAll.css), kept as it was, with no code in the first load. The results stand while the
 * box holds what was searched; typing on shows the loaded matches and the button again, and
 * clearing the box the feed, scrolled back to where it was when the results opened. Offline, the
 * loaded posts are still searched and the button says why it is disabled.
 */
export function SearchAll({ query, asked, askAll, forgetAsk, user }: SearchAllProps) {
  // Cleared, the box starts afresh: typing the last search again does not bring its results back.
  // Once the clearing has painted (`query` is the painted text): its keystroke renders no more.
  useEffect(() => {
    if (query === '') forgetAsk();
  }, [query, forgetAsk]);
  const terms = useMemo(() => searchTerms(query), [query]);
  // Disabled offline with the reason (as every control that needs the network), after its note.
  const network = useNeedsNetwork(NOTE_ID);
  const online = !network.disabled;
  const shown = asked === query && terms.length > 0 && online;
  useFeedScrollKept(shown);
  // Kept mounted while the box is empty (app/FeedPage.tsx), showing nothing.
  if (query === '') return null;
  if (shown) {
    return <SearchResults key={terms.join(' ')} query={query} terms={terms} user={user} />;
  }
  return (
    <div className="search-all">
      <button
        type="button"
        className="button button--primary"
        {...network}
        disabled={terms.length === 0 || !online}
        onClick={() => askAll(query)}
      >
        Search all posts
      </button>
      <p id={NOTE_ID} className="search-all__note">
        {!online
          ? NEEDS_CONNECTION
          : terms.length === 0
            ? 'Type a word of at least 2 letters to search every post.'
            : 'Finds every post with a word starting with what you typed, not only those loaded.'}
      </p>
    </div>
  );
}

/**
 * The feed's scroll position while it shows (followed as the reader scrolls), set again when the
 * results give way to it: the feed comes back where it was.
 */
function useFeedScrollKept(shown: boolean): void {
  // Read once, as the first keystroke renders this: reading the scroll position makes the browser
  // lay the page out first, and read after the commit (with this view's own elements added) it
  // was a layout of its own inside that keystroke, before the letter typed could paint.
  const [scrolledAtMount] = useState(() => window.scrollY);
  const feedScroll = useRef(scrolledAtMount);
  useEffect(() => {
    if (shown) {
      return () => window.scrollTo(0, feedScroll.current);
    }
    // Held since the mount, or scrolled back to (that scroll is followed too).
    const follow = () => {
      feedScroll.current = window.scrollY;
    };
    window.addEventListener('scroll', follow, { passive: true });
    return () => window.removeEventListener('scroll', follow);
  }, [shown]);
}

// React.lazy takes a module's default export: a named import would cost the first load bytes.
// Memoised: a keystroke renders the page, and this only once the letter has painted.
export default memo(SearchAll);
