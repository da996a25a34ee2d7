import type { Locator, Page } from '@playwright/test';
import { DEMO_POSTS, expect, test } from './fixtures';
import {
  FAN_EMAIL,
  PAGE_SIZE,
  accountChooser,
  postAt,
  articles,
  expectSignedInAs,
  loadMoreButton,
  openFeed,
} from './support/app';

test.describe('with the keyboard only @desktop-only', () => {
  test('a fan signs in, comments and loads more posts with Tab, Enter and Space', async ({
    page,
  }) => {
    // About 230 key presses, each a round trip to the browser that waits for its focus move and
    // scroll: 22 s on a quiet machine, over the default 30 s on a busy one (a red run). The
    // journey is long by nature, so its time limit is three times the default.
    test.slow();
    await openFeed(page);

    await tabTo(page, page.getByRole('button', { name: 'Sign in with Google' }));
    await page.keyboard.press('Enter');
    const chooser = accountChooser(page);
    await expect(chooser).toBeVisible();
    await tabTo(page, chooser.getByRole('textbox', { name: 'Email' }));
    await page.keyboard.type(FAN_EMAIL);
    await tabTo(page, chooser.getByRole('button', { name: 'Sign in', exact: true }));
    await page.keyboard.press('Space');
    await expectSignedInAs(page, FAN_EMAIL);

    const post = postAt(page, 0);
    await expect(post).toHaveAccessibleName(DEMO_POSTS[0].title);
    const input = post.getByRole('textbox', { name: 'Add a comment...' });
    await tabTo(page, input);
    const text = 'Typed without a mouse.';
    await page.keyboard.type(text);
    await tabTo(page, post.getByRole('button', { name: 'Post', exact: true }));
    await page.keyboard.press('Enter');
    await expect(post.getByRole('listitem').filter({ hasText: text })).toBeVisible();
    await expect(input).toHaveValue('');

    await tabTo(page, loadMoreButton(page), 600);
    await page.keyboard.press('Space');
    await expect(articles(page)).toHaveCount(2 * PAGE_SIZE);
  });
});

/**
 * Presses Tab until target has the focus, and checks that the focus is visible there (an outline
 * or a ring drawn by :focus-visible). Fails after max presses. Reaching Load More takes about 210
 * presses, so the focus is asked of the target's element itself, not of its locator, which would
 * be found again at every press (5 of the journey's 27 s).
 */
async function tabTo(page: Page, target: Locator, max = 200): Promise<void> {
  await expect(target).toBeVisible();
  const element = await target.elementHandle();
  if (!element) throw new Error(`${String(target)} has no element`);
  try {
    for (let presses = 0; presses < max; presses += 1) {
      if (await element.evaluate((node) => node === document.activeElement)) {
        expect(await hasVisibleFocus(target), 'focus is visible').toBe(true);
        return;
      }
      await page.keyboard.press('Tab');
    }
  } finally {
    await element.dispose();
  }
  throw new Error(`Tab never reached ${String(target)} within ${max} presses`);
}

function hasVisibleFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    if (!element.matches(':focus-visible')) return false;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== 'none';
  });
}
