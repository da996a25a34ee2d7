import { DEMO_POSTS, expect, test } from './fixtures';
import { PAGE_SIZE, articles, openFeed, searchBox } from './support/app';

test('the production build shows the newest demo posts from the emulator', async ({ page }) => {
  await openFeed(page);
  await expect(articles(page)).toHaveCount(PAGE_SIZE);
  await expect(articles(page).first()).toHaveAccessibleName(DEMO_POSTS[0].title);
  await expect(searchBox(page)).toHaveAttribute('placeholder', 'Search posts...');
});
