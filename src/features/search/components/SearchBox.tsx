import { SEARCH_BOX_ID } from '../data/searchBoxId';

export interface SearchBoxProps {
  query: string;
  onQueryChange: (query: string) => void;
}

/** Filters the loaded posts as the user types (spec §5). */
export function SearchBox({ query, onQueryChange }: SearchBoxProps) {
  return (
    <div role="search" className="search">
      <label htmlFor={SEARCH_BOX_ID} className="visually-hidden">
        Search posts
      </label>
      <input
        id={SEARCH_BOX_ID}
        type="search"
        placeholder="Search posts..."
        value={query}
        maxLength={200}
        autoComplete="off"
        // Player and club names are not in any dictionary; red underlines would only be noise.
        spellCheck={false}
        onChange={(event) => onQueryChange(event.target.value)}
      />
    </div>
  );
}
