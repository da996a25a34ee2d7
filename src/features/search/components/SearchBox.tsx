import './search.css';

export interface SearchBoxProps {
  query: string;
  onQueryChange: (query: string) => void;
}

/**
 * Filters the loaded posts as the user types (spec §5). Named by aria-label: a label element,
 * hidden on screen as the placeholder says it, would only cost the first load more bytes.
 */
export function SearchBox({ query, onQueryChange }: SearchBoxProps) {
  return (
    <div role="search" className="search">
      <input
        aria-label="Search posts"
        type="search"
        placeholder="Search posts..."
        value={query}
        maxLength={200}
        // No autoComplete="off": browsers keep a field's past entries by its name or id, and this
        // field has neither.
        // Player and club names are not in any dictionary; red underlines would only be noise.
        spellCheck={false}
        onChange={(event) => onQueryChange(event.target.value)}
      />
    </div>
  );
}
