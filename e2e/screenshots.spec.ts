import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import {
  FAN_EMAIL,
  openFeed,
  openPermalink,
  signInAs,
  signInAsAdmin,
  storedPostIds,
  useTheme,
} from './support/app';
import { SCREENSHOT_DIR } from './support/env';

const THEMES: ('dark' | 'light')[] = ['dark', 'light'];
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Pictures of the feed for people to look at (e2e-screenshots/, git-ignored): each viewport in
 * dark and in light, signed out, as a fan, as the administrator (on a phone its form closed, as
 * it starts), and a permalink's page (a third-page post).
 */
test.describe('screenshots', () => {
  for (const who of ['visitor', 'fan', 'admin', 'permalink']) {
    test(`of the ${who}'s feed in dark and light`, async ({ page }, testInfo) => {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      if (who === 'permalink') await openPermalink(page, (await storedPostIds())[75]);
      else await openFeed(page);
      if (who === 'fan') await signInAs(page, FAN_EMAIL);
      if (who === 'admin') await signInAsAdmin(page);
      const backgrounds: string[] = [];
      for (const theme of THEMES) {
        await useTheme(page, theme);
        await page.evaluate(() => window.scrollTo(0, 0));
        // Wait until the pictures in view have arrived.
        await page.waitForFunction(() =>
          Array.from(document.images)
            .filter((image) => image.getBoundingClientRect().top < innerHeight)
            .every((image) => image.complete),
        );
        const path = join(SCREENSHOT_DIR, `${testInfo.project.name}-${who}-${theme}.png`);
        await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
        expect(readFileSync(path).subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
        backgrounds.push(
          await page.evaluate(() => getComputedStyle(document.body).backgroundColor),
        );
      }
      // The two themes must look different.
      expect(new Set(backgrounds).size).toBe(2);
    });
  }
});
