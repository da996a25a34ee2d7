import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_BUILD_DIR } from '../scripts/lib/appBuild';
import { expect, test } from './fixtures';
import { openFeed } from './support/app';
import { cachedUrls, waitForOfflineCopy } from './support/serviceWorker';

/**
 * The pictures cache is bounded: at most 60 pictures and 20 MB, the oldest out first. Pictures are
 * any image the page shows; these are served by the Hosting emulator from a folder made here.
 */
const FOLDER = join(E2E_BUILD_DIR, 'bounded-pictures');

test.describe('the pictures kept for offline', () => {
  test.use({ serviceWorkers: 'allow' });
  test.setTimeout(90_000);

  test.beforeAll(() => {
    mkdirSync(FOLDER, { recursive: true });
    writeFileSync(join(FOLDER, 'small.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(FOLDER, 'large.svg'), Buffer.alloc(3 * 1024 * 1024, ' '));
  });
  test.afterAll(() => rmSync(FOLDER, { recursive: true, force: true }));

  test('are at most 60, the oldest out first', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'the cache is the same at every size');
    await openFeed(page);
    await waitForOfflineCopy(page);
    for (let index = 0; index < 70; index += 1) {
      await showPicture(page, `/bounded-pictures/small.svg?n=${index}`);
    }
    await expect.poll(async () => keptPictures(page, 'small.svg')).toHaveLength(60);
    const kept = await keptPictures(page, 'small.svg');
    expect(kept).not.toContain('n=9');
    expect(kept).toContain('n=10');
    expect(kept).toContain('n=69');
  });

  test('weigh at most 20 MB, the oldest out first', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'the cache is the same at every size');
    await openFeed(page);
    await waitForOfflineCopy(page);
    // Eight pictures of 3 MB: only the newest six fit in 20 MB.
    for (let index = 0; index < 8; index += 1) {
      await showPicture(page, `/bounded-pictures/large.svg?n=${index}`);
    }
    await expect
      .poll(async () => keptPictures(page, 'large.svg'))
      .toEqual([2, 3, 4, 5, 6, 7].map((index) => `n=${index}`));
  });
});

/**
 * Shows a picture in the page, as a post's would be, and waits until the worker has answered it.
 */
async function showPicture(page: Page, src: string): Promise<void> {
  await page.evaluate(
    (source) =>
      new Promise<void>((resolve) => {
        const image = new Image();
        image.onload = image.onerror = () => resolve();
        image.src = source;
        document.body.append(image);
      }),
    src,
  );
}

/** The query strings (`n=…`) of the kept copies of one picture, oldest first. */
async function keptPictures(page: Page, name: string): Promise<string[]> {
  const urls = (await cachedUrls(page))['post-pictures'] ?? [];
  return urls
    .filter((url) => url.includes(`/bounded-pictures/${name}`))
    .map((url) => new URL(url).search.slice(1));
}
