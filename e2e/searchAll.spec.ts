/**
 * Searching every post, not only the loaded ones: the demo posts fill three pages, and two players
 * are named only on the third (scripts/seed/demoPosts.ts OLDEST_PAGE_PLAYERS). The loaded posts'
 * search finds nothing; 'Search all posts' finds exactly the stored posts naming them, newest
 * first, however the name is typed; clearing the box brings the feed back as it was.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { articles, loadMoreButton, openFeed, PAGE_SIZE, searchBox } from './support/app';
import { ownerClient } from '../scripts/lib/ownerClient';
import { E2E_PORTS, PROJECT_ID, firestoreUrl } from '../scripts/lib/testPorts';
import { FIRST_PAGE_QUERY } from '../src/shared/posts/postsQuery';
import { documentData } from '../src/shared/rest/restDecode';

/** The titles of the stored posts whose title or content holds `name`, newest first. */
async function storedTitlesNaming(name: string): Promise<string[]> {
  const { from, orderBy } = FIRST_PAGE_QUERY.structuredQuery;
  const stored = await ownerClient(firestoreUrl(E2E_PORTS), PROJECT_ID).runQuery({ from, orderBy });
  return stored.flatMap((document) => {
    const { title, content } = documentData(document);
    return `${String(title)}\n${String(content)}`.includes(name) ? [String(title)] : [];
  });
}

function searchAllButton(page: Page) {
  return page.getByRole('button', { name: 'Search all posts' });
}

async function titlesShown(page: Page): Promise<string[]> {
  return articles(page).evaluateAll((found) =>
    found.map((article) => article.querySelector('h3, h2')?.textContent ?? ''),
  );
}

test.describe('searching every post', () => {
  test('finds a player named only on the third page, however he is typed, and clearing the box shows the feed as it was', async ({
    page,
  }) => {
    const goalkeeper = await storedTitlesNaming('Østergaard');
    const centreBack = await storedTitlesNaming('Müller');
    expect(goalkeeper.length).toBeGreaterThan(0);
    expect(centreBack.length).toBeGreaterThan(0);

    await openFeed(page);
    await loadMoreButton(page).click();
    await expect(articles(page)).toHaveCount(2 * PAGE_SIZE);
    const firstTitle = await articles(page).first().getAttribute('aria-labelledby');
    await page.evaluate(() => window.scrollTo(0, 0));

    // The loaded posts (two pages of three) do not name him.
    const search = searchBox(page);
    await search.fill('Østergaard');
    await expect(page.getByText('No posts match', { exact: true })).toBeVisible();
    await expect(articles(page)).toHaveCount(0);

    // Every post: exactly the stored posts naming him, newest first, said in the status line.
    await searchAllButton(page).click();
    await expect(page.getByText(`${goalkeeper.length} posts match “Østergaard”`)).toBeVisible();
    await expect(articles(page)).toHaveCount(goalkeeper.length);
    expect(await titlesShown(page)).toEqual(goalkeeper);

    // A prefix in capitals and the name without its ø find the same posts; an unaccented
    // spelling of an accented name finds what the accented one does (Enter searches).
    const alike: [string, string[]][] = [
      ['OSTERG', goalkeeper],
      ['ostergaard', goalkeeper],
      ['Müller', centreBack],
      ['Muller', centreBack],
    ];
    for (const [typed, found] of alike) {
      await search.fill(typed);
      await search.press('Enter');
      await expect(page.getByText(`${found.length} posts match “${typed}”`)).toBeVisible();
      await expect(articles(page)).toHaveCount(found.length);
      expect(await titlesShown(page)).toEqual(found);
    }

    // Cleared: the feed as it was, both pages loaded, the newest post first and on screen.
    await search.fill('');
    await expect(articles(page)).toHaveCount(2 * PAGE_SIZE);
    await expect(articles(page).first()).toHaveAttribute('aria-labelledby', firstTitle ?? '');
    await expect(articles(page).first()).toBeInViewport();
    await expect(searchAllButton(page)).toHaveCount(0);
  });

  test("Enter pressed before the search's code has arrived still searches every post", async ({
    page,
    context,
  }) => {
    const goalkeeper = await storedTitlesNaming('Østergaard');
    // The search of every post's code, held on its way (a slow network) until Enter is pressed.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let requested = 0;
    await context.route(/\/assets\/SearchAll-[^/]*\.js$/, async (route) => {
      requested += 1;
      await held;
      await route.fallback();
    });
    await openFeed(page);

    await searchBox(page).fill('Østergaard');
    await expect.poll(() => requested).toBe(1);
    await searchBox(page).press('Enter');
    release();

    await expect(page.getByText(`${goalkeeper.length} posts match “Østergaard”`)).toBeVisible();
    await expect(articles(page)).toHaveCount(goalkeeper.length);
    expect(await titlesShown(page)).toEqual(goalkeeper);
  });

  test('offline, searches the loaded posts and says that older posts need a connection', async ({
    page,
    context,
  }) => {
    await openFeed(page);
    // The search's code comes with the first typing (the service worker keeps it for offline).
    await searchBox(page).fill('Quiroga');
    await expect(searchAllButton(page)).toBeEnabled();
    await searchBox(page).fill('');
    await context.setOffline(true);
    await searchBox(page).fill('Quiroga');
    await expect(articles(page)).not.toHaveCount(0);
    await expect(searchAllButton(page)).toBeDisabled();
    await expect(page.getByText('Searching older posts needs a connection.')).toBeVisible();
    await searchBox(page).press('Enter');
    await expect(articles(page)).not.toHaveCount(0);
    await expect(page.getByText(/posts? match “Quiroga”/)).toHaveCount(0);
    await context.setOffline(false);
    await expect(searchAllButton(page)).toBeEnabled();
  });
});
