import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_POSTS, expect, test } from './fixtures';
import {
  ADMIN_EMAIL,
  FAN_EMAIL,
  openFeed,
  openPermalink,
  postAt,
  signInAs,
  signInAsAdmin,
  storedPostIds,
  useTheme,
} from './support/app';
import { SCREENSHOT_DIR } from './support/env';

const THEMES: ('dark' | 'light')[] = ['dark', 'light'];
/** The third-page post whose permalink is pictured. */
const PERMALINK_INDEX = 75;

type Who = 'visitor' | 'fan' | 'admin' | 'permalink';

/**
 * Pictures of the feed for people to look at (e2e-screenshots/, git-ignored; the README points
 * there): each viewport in dark and in light, signed out, as a fan, as the administrator (on a
 * phone its form closed, as it starts), and a permalink's page (a third-page post). Before each
 * picture the test checks that what it is a picture of is on the screen, in view.
 */
test.describe('screenshots', () => {
  for (const who of ['visitor', 'fan', 'admin', 'permalink'] as const) {
    test(`of the ${who}'s feed in dark and light`, async ({ page }, testInfo) => {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      if (who === 'permalink') await openPermalink(page, (await storedPostIds())[PERMALINK_INDEX]);
      else await openFeed(page);
      if (who === 'fan') await signInAs(page, FAN_EMAIL);
      if (who === 'admin') await signInAsAdmin(page);
      const viewport = page.viewportSize();
      if (!viewport) throw new Error('The screenshots need a fixed viewport');
      const scale = await page.evaluate(() => devicePixelRatio);
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
        await expectInView(page, who);
        const path = join(SCREENSHOT_DIR, `${testInfo.project.name}-${who}-${theme}.png`);
        const png = await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
        // The whole screen as the device shows it: the viewport at the device's pixel ratio.
        expect(pngSize(png)).toEqual({
          width: Math.round(viewport.width * scale),
          height: Math.round(viewport.height * scale),
        });
        backgrounds.push(
          await page.evaluate(() => getComputedStyle(document.body).backgroundColor),
        );
      }
      // The two themes must look different.
      expect(new Set(backgrounds).size).toBe(2);
    });
  }
});

/** What the picture of `who` is for, each in the first screen. */
async function expectInView(page: Page, who: Who): Promise<void> {
  const banner = page.getByRole('banner');
  await expect(banner).toBeInViewport();
  if (who === 'visitor') {
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeInViewport();
  }
  if (who === 'fan' || who === 'admin') {
    const email = who === 'fan' ? FAN_EMAIL : ADMIN_EMAIL;
    await expect(page.getByText('Logged in as:')).toBeInViewport();
    await expect(page.getByText(email, { exact: true }).first()).toBeInViewport();
  }
  if (who === 'admin') {
    // On a phone the form starts closed behind its button; wider screens show it open.
    const write = page
      .getByRole('button', { name: 'Write a post' })
      .or(page.getByRole('textbox', { name: 'Post title' }));
    await expect(write.first()).toBeInViewport();
  }
  const first = postAt(page, 0);
  if (who === 'permalink') {
    await expect(first).toHaveAccessibleName(DEMO_POSTS[PERMALINK_INDEX].title);
    await expect(first.getByText('Shared post', { exact: true })).toBeInViewport();
  } else if (who !== 'admin') {
    // The administrator's form may fill a phone's first screen; the others show the newest post.
    await expect(first).toHaveAccessibleName(DEMO_POSTS[0].title);
    await expect(first).toBeInViewport();
  }
}

/** A PNG's width and height, from its IHDR chunk (always the first, right after the signature). */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
