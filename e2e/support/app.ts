import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { readAdminEmail } from '../../scripts/lib/adminEmail';
import { ownerClient } from '../../scripts/lib/ownerClient';
import { publishElsewhere as adminPublishes } from '../../scripts/lib/writesElsewhere';
import { E2E_PORTS, PROJECT_ID, firestoreUrl } from '../../scripts/lib/testPorts';
import { FIRST_PAGE_QUERY, PAGE_SIZE } from '../../src/shared/posts/postsQuery';
import { ROOT } from './env';

/** The feed's page size, from the one place it is written. */
export { PAGE_SIZE };

/** How a person finds things on the one screen: by role and accessible name. */
export const ADMIN_EMAIL = readAdminEmail(join(ROOT, 'firestore.rules'));
export const FAN_EMAIL = 'e2e.fan@example.com';
/**
 * How often a visible page checks for changes (src/features/live/state/liveChecks.ts, whose module
 * needs the app's build to load).
 */
export const CHECK_EVERY_MS = 30_000;

export function feed(page: Page): Locator {
  return page.getByRole('feed');
}

export function articles(page: Page): Locator {
  return feed(page).getByRole('article');
}

/**
 * The post at a position in the feed (0 = newest). The demo data repeats titles, so tests find a
 * seeded post by where it is and then check its name.
 */
export function postAt(page: Page, index: number): Locator {
  return articles(page).nth(index);
}

/** A post by its title, for titles that occur once. */
export function article(page: Page, title: string): Locator {
  return feed(page).getByRole('article', { name: title, exact: true });
}

export function searchBox(page: Page): Locator {
  return page
    .getByRole('searchbox', { name: /search/i })
    .or(page.getByRole('textbox', { name: /search/i }));
}

export function loadMoreButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Load More', exact: true });
}

/** The administrator's form: the one holding the 'Post title' field. */
export function postForm(page: Page): Locator {
  return page.locator('form', { has: page.getByRole('textbox', { name: 'Post title' }) });
}

/**
 * The administrator's form, ready to type in: on a phone it starts closed behind 'Write a post'
 * (src/features/admin/components/PostComposer.tsx), which this opens; wider screens show it at
 * once.
 */
export async function openPostForm(page: Page): Promise<Locator> {
  const form = postForm(page);
  const toggle = page.getByRole('button', { name: 'Write a post' });
  // Whichever the screen shows once the administrator's code has loaded.
  await expect(toggle.or(form).first()).toBeVisible();
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') {
    await toggle.click();
  }
  await expect(form).toBeVisible();
  return form;
}

export function accountChooser(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Choose an account' });
}

/** Opens the feed and waits for the first page of posts. */
export async function openFeed(page: Page): Promise<void> {
  await page.goto('/');
  await expect(articles(page)).toHaveCount(PAGE_SIZE);
}

/** The stored posts' ids in the feed's order (newest first), read as the owner. */
export async function storedPostIds(): Promise<string[]> {
  const { from, orderBy } = FIRST_PAGE_QUERY.structuredQuery;
  const documents = await ownerClient(firestoreUrl(E2E_PORTS), PROJECT_ID).runQuery({
    from,
    orderBy,
  });
  return documents.map(({ name }) => name.slice(name.lastIndexOf('/') + 1));
}

/**
 * Opens the permalink of a post past the first page; waits for it, shared first, then the first
 * page.
 */
export async function openPermalink(page: Page, id: string): Promise<void> {
  await page.goto(`/?post=${encodeURIComponent(id)}`);
  await expect(postAt(page, 0).getByText('Shared post', { exact: true })).toBeVisible();
  await expect(articles(page)).toHaveCount(PAGE_SIZE + 1);
}

/** Signs in through the Auth emulator's account chooser by typing an e-mail. */
export async function signInAs(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const chooser = accountChooser(page);
  await chooser.getByRole('textbox', { name: 'Email' }).fill(email);
  await chooser.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedInAs(page, email);
}

/** Signs in with the chooser's one-click choice for the demo administrator. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await accountChooser(page)
    .getByRole('button', { name: new RegExp(escapeRegExp(ADMIN_EMAIL)) })
    .click();
  await expectSignedInAs(page, ADMIN_EMAIL);
}

export async function expectSignedInAs(page: Page, email: string): Promise<void> {
  await expect(accountChooser(page)).toHaveCount(0);
  await expect(page.getByText('Logged in as:')).toBeVisible();
  await expect(page.getByText(email, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** Flips the theme with the header's toggle and waits until the page says it flipped. */
export async function toggleTheme(page: Page): Promise<void> {
  const before = await currentTheme(page);
  await themeToggle(page).click();
  await expect.poll(() => currentTheme(page)).not.toBe(before);
}

export async function useTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  if ((await currentTheme(page)) !== theme) await toggleTheme(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

export function themeToggle(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /theme|dark|light/i });
}

export function currentTheme(page: Page): Promise<string | null> {
  return page.evaluate(() => document.documentElement.getAttribute('data-theme'));
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Publishes a post as the administrator's other device would, by the app's recipe (with its change
 * stamp), behind the page's back: open pages learn of it by their live checks.
 */
export async function publishElsewhere(title: string): Promise<void> {
  const target = { firestoreUrl: firestoreUrl(E2E_PORTS), projectId: PROJECT_ID };
  await adminPublishes(target, { title, content: 'Published elsewhere.' });
}

/** How long one move of the clock is given to show what the live check found. */
const CHECK_SHOWN_WITHIN_MS = 3_000;

/**
 * Moves a page's clock (Playwright's, installed) on by `interval` until `shown` passes, `shown`
 * waiting at most the timeout it is given. A page starts its live checks only once it has loaded
 * and painted its pictures (src/shared/pageLoaded/pageLoaded.ts), which nothing on the page shows:
 * a single move made before then is spent before the checks' first timer exists. A move past a
 * running check makes one more check, which finds nothing new.
 */
export async function fastForwardUntil(
  page: Page,
  interval: number,
  shown: (timeout: number) => Promise<void>,
): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward(interval);
    await shown(CHECK_SHOWN_WITHIN_MS);
  }).toPass({ intervals: [0] });
}
