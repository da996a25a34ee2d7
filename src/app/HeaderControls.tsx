import { LoginPanel } from '../features/session';
import { type Search, SearchBox } from '../features/search';
import type { AppUser } from '../shared/permissions/permissions';
import { ThemeToggle } from './ThemeToggle';

export interface HeaderControlsProps {
  search: Search;
  user: AppUser | null;
  /** The administrator is signed in: the header offers the moderation view. */
  admin: boolean;
  moderating: boolean;
  onModeratingChange: (moderating: boolean) => void;
}

/** The header's controls: search, the theme, Moderation (the administrator's) and the login. */
export function HeaderControls({
  search: { query, onQueryChange, askAll },
  user,
  admin,
  moderating,
  onModeratingChange,
}: HeaderControlsProps) {
  return (
    <>
      <SearchBox query={query} onQueryChange={onQueryChange} askAll={askAll} />
      <ThemeToggle />
      {admin && (
        <button
          type="button"
          className="button header-button"
          aria-pressed={moderating}
          onClick={() => onModeratingChange(!moderating)}
        >
          Moderation
        </button>
      )}
      <LoginPanel user={user} />
    </>
  );
}
