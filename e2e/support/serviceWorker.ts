import { expect, type Page } from '@playwright/test';

/**
 * Waits until the service worker controls the page and has kept the first page of posts (the
 * pinned post first in it: src/sw/keptReadsRoute.ts): from then on the site opens with no network.
 */
export async function waitForOfflineCopy(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return false;
          const kept = await Promise.all(
            ['first-page'].map(async (name) => (await caches.open(name)).keys()),
          );
          return kept.every((keys) => keys.length === 1);
        }),
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** Every URL the service worker's caches hold, by cache name. */
export function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      result[name] = requests.map((request) => request.url);
    }
    return result;
  });
}
