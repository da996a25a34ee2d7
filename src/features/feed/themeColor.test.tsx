import { readFileSync } from 'node:fs';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadIndexHtml } from '../../../tests/support/app/indexHtml';
import { ThemeToggle } from '../../app/ThemeToggle';

/**
 * The browser's own bar (theme-color) takes the in-app theme's colour, not the system's: before
 * first paint (index.html's inline script) and when the toggle changes it.
 */
const DARK = '#0b1120';
const LIGHT = '#f3f5f9';

/**
 * The theme-color a browser would use with the system in `system` mode: the first <meta> whose
 * media applies, as the HTML standard picks it.
 */
function barColour(system: 'dark' | 'light'): string | null {
  const metas = [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')];
  const applies = (meta: HTMLMetaElement) => {
    const media = meta.getAttribute('media') ?? '';
    return media === '' || media === `(prefers-color-scheme: ${system})`;
  };
  return metas.find(applies)?.content ?? null;
}

/** index.html's head loaded with `remembered` as the stored theme, its inline scripts run. */
function openIndexHtml(remembered: string | null): void {
  localStorage.clear();
  if (remembered) localStorage.setItem('feed.theme', remembered);
  vi.stubGlobal('fetch', () => new Promise(() => {})); // the first-page request, not under test
  loadIndexHtml(readFileSync('index.html', 'utf8'));
  vi.unstubAllGlobals();
}

afterEach(() => {
  document.head.replaceChildren();
  Reflect.deleteProperty(window, '__feedFirstPage');
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

describe('theme-color', () => {
  it('follows the remembered theme before first paint, whatever the system prefers', () => {
    openIndexHtml('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(barColour('dark')).toBe(LIGHT);
    expect(barColour('light')).toBe(LIGHT);
    openIndexHtml(null);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(barColour('light')).toBe(DARK);
    expect(barColour('dark')).toBe(DARK);
  });

  it('follows the toggle', async () => {
    openIndexHtml('dark');
    const user = userEvent.setup();
    render(<ThemeToggle />);
    const toggle = screen.getByRole('button', { name: 'Dark theme' });

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(barColour('dark')).toBe(LIGHT);
    expect(barColour('light')).toBe(LIGHT);
    await user.click(toggle);
    expect(barColour('light')).toBe(DARK);
    expect(document.querySelectorAll('meta[name="theme-color"]:not([media])')).toHaveLength(1);
  });
});
