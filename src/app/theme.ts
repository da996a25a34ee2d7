export type Theme = 'dark' | 'light';

/** index.html reads the same key before first paint; keep them in step. */
const THEME_KEY = 'feed.theme';

const THEME_COLOR = 'meta[name="theme-color"]';

/** The theme index.html applied before first paint (dark by default). */
export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  showThemeColor(theme);
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Without storage the choice lasts until reload.
  }
}

/**
 * The browser's own bar takes the chosen theme, not the system's, as index.html's inline script
 * set it before first paint (keep them in step): the first theme-color that applies wins, so one
 * without media goes first, in the colour index.html gives the theme (both themes' --bg).
 */
function showThemeColor(theme: Theme): void {
  const source = document.querySelector<HTMLMetaElement>(
    `${THEME_COLOR}[media="(prefers-color-scheme: ${theme})"]`,
  );
  if (!source) return;
  let chosen = document.querySelector<HTMLMetaElement>(`${THEME_COLOR}:not([media])`);
  if (!chosen) {
    chosen = document.createElement('meta');
    chosen.name = 'theme-color';
    document.head.insertBefore(chosen, document.querySelector(THEME_COLOR));
  }
  chosen.content = source.content;
}
