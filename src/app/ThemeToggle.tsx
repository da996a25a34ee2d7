import { useState } from 'react';
import { applyTheme, currentTheme, type Theme } from './theme';

/** Dark (the default) or light; index.html applies the remembered choice before first paint. */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(currentTheme);
  const dark = theme === 'dark';
  const toggle = () => {
    const next: Theme = dark ? 'light' : 'dark';
    applyTheme(next);
    setTheme(next);
  };
  return (
    <button type="button" className="theme-toggle" aria-pressed={dark} onClick={toggle}>
      <span aria-hidden="true" className="theme-toggle__icon">
        {dark ? '☾' : '☀'}
      </span>
      Dark theme
    </button>
  );
}
