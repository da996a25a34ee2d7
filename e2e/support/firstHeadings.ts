import type { Page } from '@playwright/test';

/**
 * Records, from before the page's first script, every title the feed's first card has had: the
 * observer runs after each DOM change and before the browser can paint it, so no heading shown even
 * for one frame is missed. Read it with firstHeadings().
 */
export async function recordFirstHeadings(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Reflect.set(window, '__firstHeadings', seen);
    new MutationObserver(() => {
      const first = document.querySelector('[role="feed"] article');
      const id = first?.getAttribute('aria-labelledby');
      const title = id ? document.getElementById(id)?.textContent : null;
      if (title && title !== seen.at(-1)) seen.push(title);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The titles recordFirstHeadings() saw first in the feed, in order. */
export function firstHeadings(page: Page): Promise<unknown> {
  return page.evaluate(() => Reflect.get(window, '__firstHeadings'));
}
