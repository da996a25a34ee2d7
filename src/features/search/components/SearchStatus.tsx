export interface SearchStatusProps {
  query: string;
  matches: number;
  loaded: number;
}

/** Says how many loaded posts match the search; a live region, so screen readers hear it too. */
export function SearchStatus({ query, matches, loaded }: SearchStatusProps) {
  let message = '';
  if (query !== '') {
    message =
      matches === 0
        ? 'No posts match'
        : `${matches} of ${loaded} loaded ${loaded === 1 ? 'post' : 'posts'} ${matches === 1 ? 'matches' : 'match'}`;
  }
  return (
    <p role="status" className="search-status">
      {message}
    </p>
  );
}
