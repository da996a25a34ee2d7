import { useEffect, useId, useRef } from 'react';
import type { AppUser } from '../../../shared/permissions/permissions';
import { Feed } from '../../feed';
import { useSearchFeed } from '../hooks/useSearchFeed';
import { resultsMessage } from '../data/resultsMessage';
import './searchAll.css';

export interface SearchResultsProps {
  query: string;
  terms: readonly string[];
  user: AppUser | null;
}

/**
 * The posts a search of every post found, newest first, as the feed shows them (cards, Load More),
 * under a status line saying what was searched and how many were found. Opened from the button,
 * focus moves to its heading (the button is gone); from Enter, it stays in the search box.
 */
export function SearchResults({ query, terms, user }: SearchResultsProps) {
  const feed = useSearchFeed(terms);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (document.activeElement === document.body) heading.current?.focus();
  }, []);
  return (
    <section className="search-results" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="visually-hidden">
        All posts matching “{query.trim()}”
      </h2>
      <p role="status" className="search-status">
        {resultsMessage(query, feed)}
      </p>
      <Feed
        feed={feed}
        query=""
        user={user}
        labelledBy={headingId}
        firstPageFailure="The search could not be made."
      />
    </section>
  );
}
