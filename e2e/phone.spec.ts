import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  FAN_EMAIL,
  openFeed,
  postAt,
  postForm,
  signInAs,
  signInAsAdmin,
  useTheme,
} from './support/app';

const THEMES: ('dark' | 'light')[] = ['dark', 'light'];
/**
 * The phone screen the layout is checked at: playwright.config.ts's phone project, a common size.
 */
const SCREEN_HEIGHT = 844;

const ROLES: Record<string, (page: Page) => Promise<void>> = {
  visitor: async () => {},
  fan: (page) => signInAs(page, FAN_EMAIL),
  administrator: signInAsAdmin,
};

test.describe('on a phone', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) > 480, 'phone-sized journeys');

  for (const [role, signIn] of Object.entries(ROLES)) {
    test(`the ${role} sees the first post's heading on the first screen, in dark and light`, async ({
      page,
    }) => {
      await openFeed(page);
      await signIn(page);
      for (const theme of THEMES) {
        await useTheme(page, theme);
        await page.evaluate(() => window.scrollTo(0, 0));
        const heading = postAt(page, 0).getByRole('heading').first();
        await expect(heading).toBeVisible();
        const box = await heading.boundingBox();
        expect(box, 'the heading is laid out').not.toBeNull();
        expect(box?.y ?? Infinity).toBeGreaterThanOrEqual(0);
        expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(SCREEN_HEIGHT);
        await expectCompactHeader(page);
      }
    });
  }

  test("the administrator's 'Write a post' keeps a half-typed post, and stays open for the session", async ({
    page,
  }) => {
    await openFeed(page);
    await signInAsAdmin(page);
    const toggle = page.getByRole('button', { name: 'Write a post' });
    const title = page.getByRole('textbox', { name: 'Post title' });
    const content = page.getByRole('textbox', { name: 'Post content' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(title).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await title.fill('Keeper deal close');
    await content.fill('Talks are at an advanced');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(title).toBeHidden();

    await toggle.click();
    await expect(title).toHaveValue('Keeper deal close');
    await expect(content).toHaveValue('Talks are at an advanced');

    // Left open, it is open again after a reload in the same tab.
    await page.reload();
    await expect(postForm(page)).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  test("a long author address wraps only after its '@' or before a dot, and reads as one name", async ({
    page,
  }) => {
    const address = 'live.supporter.since.1995@northbridge-supporters-club.example.com';
    const text = 'What a signing!';
    await openFeed(page);
    await signInAs(page, address);
    const post = postAt(page, 1);
    await post.getByRole('textbox', { name: 'Add a comment...' }).fill(text);
    await post.getByRole('button', { name: 'Post', exact: true }).click();
    const line = post.getByRole('listitem').filter({ hasText: text });
    await expect(line).toBeVisible();

    const lines = await renderedLines(line, address.length);
    // The address is too long for one line here, so this shows where it breaks.
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe(address);
    for (const [index, piece] of lines.entries()) {
      const next = lines[index + 1];
      if (next === undefined) continue;
      expect(piece.endsWith('@') || next.startsWith('.'), `${piece} | ${next}`).toBe(true);
    }
    // Screen readers get the address whole, not in pieces.
    await expect(line).toMatchAriaSnapshot(`- listitem: "${address}: ${text}"`);
  });
});

/**
 * The header on a phone: logo and title, search and theme toggle in at most two rows, and the
 * login panel in one more.
 */
async function expectCompactHeader(page: Page): Promise<void> {
  const banner = page.getByRole('banner');
  const boxes = await Promise.all(
    [
      banner.getByRole('heading', { level: 1 }),
      banner.getByRole('searchbox', { name: 'Search posts' }),
      banner.getByRole('button', { name: 'Dark theme' }),
    ].map(async (part) => (await part.boundingBox()) ?? { y: -100, height: 0 }),
  );
  // A row starts where a part begins below the bottom of every part before it.
  let rows = 0;
  let bottom = -Infinity;
  for (const box of boxes.sort((a, b) => a.y - b.y)) {
    if (box.y >= bottom) rows += 1;
    bottom = Math.max(bottom, box.y + box.height);
  }
  expect(rows, `parts at ${boxes.map((box) => Math.round(box.y)).join(', ')}`).toBeLessThanOrEqual(
    2,
  );
  const login = await page.getByRole('region', { name: 'Login with Google' }).boundingBox();
  // One row: as tall as a button (2.5rem) and no more.
  expect(login?.height ?? Infinity).toBeLessThanOrEqual(40);
}

/** The first `length` characters of an element's text, split where the browser wrapped them. */
function renderedLines(element: Locator, length: number): Promise<string[]> {
  return element.evaluate((root, count) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const lines: string[] = [];
    let lastTop: number | null = null;
    let seen = 0;
    for (let node = walker.nextNode(); node && seen < count; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let offset = 0; offset < text.length && seen < count; offset += 1, seen += 1) {
        const range = document.createRange();
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        if (lastTop === null || Math.abs(top - lastTop) > 4) lines.push('');
        lastTop = top;
        lines[lines.length - 1] += text[offset];
      }
    }
    return lines;
  }, length);
}
