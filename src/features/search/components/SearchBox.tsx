import type { Search } from '../hooks/useSearch';
import './search.css';

export type SearchBoxProps = Pick<Search, 'query' | 'onQueryChange' | 'askAll'>;

/**
 * Filters the loaded posts as the user types (spec §5); Enter asks for a search of every post (the
 * form's own submission, as the browser makes it). Named by aria-label: a label element, hidden on
 * screen as the placeholder says it, would only cost the first load more bytes.
 */
export function SearchBox({ query, onQueryChange, askAll }: SearchBoxProps) {
  return (
    <form
      role="search"
      className="search"
      onSubmit={(event) => {
        event.preventDefault();
        askAll(query);
      }}
    >
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
    </form>
  );
}
