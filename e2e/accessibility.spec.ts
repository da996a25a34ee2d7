import type { Page } from '@playwright/test';
import { DEMO_POSTS, expect, test } from './fixtures';
import {
  CHECK_EVERY_MS,
  FAN_EMAIL,
  PAGE_SIZE,
  accountChooser,
  postAt,
  articles,
  fastForwardUntil,
  feed,
  loadMoreButton,
  openFeed,
  openPermalink,
  openPostForm,
  publishElsewhere,
  signInAs,
  signInAsAdmin,
  storedPostIds,
  useTheme,
} from './support/app';
import { describeFindings, scanPage } from './support/axe';

const THEMES: ('dark' | 'light')[] = ['dark', 'light'];

const SIGN_IN: Record<string, (page: Page) => Promise<void>> = {
  'signed out': async () => {},
  'as a fan': (page) => signInAs(page, FAN_EMAIL),
  // The form open (a phone starts with it closed), so the scan covers it.
  'as the administrator': async (page) => {
    await signInAsAdmin(page);
    await openPostForm(page);
  },
};

test.describe('accessibility', () => {
  for (const [who, signIn] of Object.entries(SIGN_IN)) {
    test(`axe finds nothing serious ${who}, in dark and in light, on a permalink`, async ({
      page,
    }, testInfo) => {
      // The page's clock, so that its live check comes at once (and '1 new post' shows).
      await page.clock.install();
      // A permalink's page holds everything the plain feed does, plus the highlighted shared post.
      await openPermalink(page, (await storedPostIds())[75]);
      await signIn(page);
      await publishElsewhere('A post for the new-posts button');
      // A visible page checks at least every 30 seconds, so news reaches it while it is read.
      await fastForwardUntil(page, CHECK_EVERY_MS, (timeout) =>
        expect(page.getByRole('button', { name: '1 new post' })).toBeVisible({ timeout }),
      );
      // The new controls are on screen for the scan: '1 new post', a deal status badge, and the
      // administrator's 'Deal status' select in the post form.
      await expect(postAt(page, 1)).toContainText(`Deal status: ${DEMO_POSTS[0].status}`);
      const statusSelects = page.getByRole('combobox', { name: 'Deal status' });
      await expect(statusSelects).toHaveCount(who === 'as the administrator' ? 1 : 0);
      for (const theme of THEMES) {
        await useTheme(page, theme);
        const findings = await scanPage(page);
        if (findings.length > 0) {
          const report = describeFindings(findings);
          console.log(`axe, ${who}, ${theme}, ${testInfo.project.name}:\n${report}`);
        }
        expect(findings, `${theme}: ${describeFindings(findings)}`).toEqual([]);
      }
    });
  }

  test('axe finds nothing serious in the account chooser and the edit box (dark and light)', async ({
    page,
  }) => {
    await openFeed(page);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(accountChooser(page)).toBeVisible();
    const chooserFindings = await scanPage(page);
    expect(chooserFindings, describeFindings(chooserFindings)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(accountChooser(page)).toHaveCount(0);

    await signInAsAdmin(page);
    await postAt(page, 0).getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(postAt(page, 0).getByRole('textbox', { name: 'Edit content' })).toBeFocused();
    // The edit box's 'Deal status' select, holding the post's status.
    await expect(postAt(page, 0).getByRole('combobox', { name: 'Deal status' })).toHaveValue(
      DEMO_POSTS[0].status ?? '',
    );
    for (const theme of THEMES) {
      await useTheme(page, theme);
      const editFindings = await scanPage(page);
      expect(editFindings, `${theme}: ${describeFindings(editFindings)}`).toEqual([]);
    }
  });

  test("axe finds nothing serious in 'Link copied' and 'This post is no longer available'", async ({
    page,
    context,
  }) => {
    await page.addInitScript(() => {
      Reflect.deleteProperty(Navigator.prototype, 'share');
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/?post=no-such-post');
    await expect(page.getByText('This post is no longer available')).toBeVisible();
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await postAt(page, 0).getByRole('button', { name: 'Share' }).click();
      await expect(postAt(page, 0).getByRole('button', { name: 'Link copied' })).toBeVisible();
      const findings = await scanPage(page);
      expect(findings, `${theme}: ${describeFindings(findings)}`).toEqual([]);
    }
  });

  test('the scan itself notices a real problem', async ({ page }) => {
    await openFeed(page);
    // A picture without alt text, added on purpose: if axe did not report it, the scans above
    // would prove nothing.
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.src = '/images/stadium-night.svg';
      document.querySelector('main')?.append(image);
    });
    const findings = await scanPage(page);
    expect(findings.map((finding) => finding.id)).toContain('image-alt');
  });

  test('the feed keeps to the ARIA feed pattern', async ({ page }) => {
    await openFeed(page);
    await expect(feed(page)).toHaveCount(1);
    await expect(feed(page)).toHaveAccessibleName(/\S/);
    await expectFeedArticles(page, PAGE_SIZE);

    await loadMoreButton(page).click();
    await expect(articles(page)).toHaveCount(2 * PAGE_SIZE);
    await expect(feed(page)).not.toHaveAttribute('aria-busy', 'true');
    await expectFeedArticles(page, 2 * PAGE_SIZE);
  });
});

/**
 * Each article is named by its title through aria-labelledby pointing inside itself, carries its
 * position (aria-posinset 1..n) and the set size, and can take focus for article-to-article
 * reading.
 */
async function expectFeedArticles(page: Page, count: number): Promise<void> {
  // Read all at once, again until they hold: the list may still be rendering its new cards.
  await expect(async () => {
    const facts = await feed(page).evaluate((element) =>
      Array.from(element.querySelectorAll('[role="article"], article'), (item) => {
        const labelIds = (item.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
        const labels = labelIds.map((id) => document.getElementById(id));
        return {
          labelInside:
            labels.length > 0 && labels.every((label) => label !== null && item.contains(label)),
          label: labels.map((label) => label?.textContent?.trim() ?? '').join(' '),
          posinset: item.getAttribute('aria-posinset'),
          setsize: item.getAttribute('aria-setsize'),
          tabindex: item.getAttribute('tabindex'),
        };
      }),
    );
    expect(facts).toHaveLength(count);
    facts.forEach((fact, index) => {
      const where = `article ${index + 1}`;
      expect(fact.labelInside, `${where} is labelled by its own title`).toBe(true);
      expect(fact.label, where).toBe(DEMO_POSTS[index].title);
      expect(fact.posinset, `${where} aria-posinset`).toBe(String(index + 1));
      const setsize = Number(fact.setsize);
      expect(setsize === -1 || setsize >= count, `${where} aria-setsize ${fact.setsize}`).toBe(
        true,
      );
      expect(['0', '-1'], `${where} tabindex`).toContain(fact.tabindex);
    });
  }).toPass();
}
