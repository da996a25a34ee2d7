import type { ReactNode } from 'react';
import { config } from '../shared/config';

export interface HeaderProps {
  children: ReactNode;
}

/** The banner: the club's logo and the feed's title, then the header controls. */
export function Header({ children }: HeaderProps) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <div className="brand">
          <img className="brand__logo" src="/logo.svg" alt="" width="40" height="40" />
          <h1 className="brand__title">{config.clubName} Transfer News</h1>
        </div>
        {children}
      </div>
    </header>
  );
}
