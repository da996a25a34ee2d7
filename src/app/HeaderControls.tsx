import { LoginPanel } from '../features/session';
import { SearchBox } from '../features/search';
import type { AppUser } from '../shared/permissions/permissions';
import { ThemeToggle } from './ThemeToggle';

export interface HeaderControlsProps {
  query: string;
  onQueryChange: (query: string) => void;
  user: AppUser | null;
  /** The administrator is signed in: the header offers the moderation view. */
  admin: boolean;
  moderating: boolean;
  onModeratingChange: (moderating: boolean) => void;
}

/** The header's controls: search, the theme, Moderation (the administrator's) and the login. */
export function HeaderControls({
  query,
  onQueryChange,
  user,
  admin,
  moderating,
  onModeratingChange,
}: HeaderControlsProps) {
  return (
    <>
      <SearchBox query={query} onQueryChange={onQueryChange} />
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
