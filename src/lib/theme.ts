export type Theme = 'dark' | 'light';

/** index.html reads the same key before first paint; keep them in step. */
const THEME_KEY = 'feed.theme';

/** The theme index.html applied before first paint (dark by default). */
export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Without storage the choice lasts until reload.
  }
}
