import './feed.css';

export interface SearchStatusProps {
  query: string;
  matches: number;
  loaded: number;
}

/** Says how many loaded posts match the search; a live region, so screen readers hear it too. */
export function SearchStatus({ query, matches, loaded }: SearchStatusProps) {
  return (
    <p role="status" className="search-status">
      {query &&
        (matches === 0
          ? 'No posts match'
          : `${matches} of ${loaded} loaded post${loaded === 1 ? '' : 's'} match${matches === 1 ? 'es' : ''}`)}
    </p>
  );
}
