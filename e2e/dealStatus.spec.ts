import { DEMO_POSTS, expect, test } from './fixtures';
import {
  PAGE_SIZE,
  article,
  articles,
  openFeed,
  openPostForm,
  searchBox,
  signInAsAdmin,
} from './support/app';

test.describe('the deal status', () => {
  test('the administrator sets it on a new post, changes it in the editor, and search finds it', async ({
    page,
  }) => {
    await openFeed(page);
    // Demo posts carry statuses too: a visitor sees them as words next to the time.
    await expect(articles(page).first()).toContainText(`Deal status: ${DEMO_POSTS[0].status}`);
    await signInAsAdmin(page);

    const form = await openPostForm(page);
    const title = 'Northbridge open negotiations for a centre-back';
    await form.getByRole('textbox', { name: 'Post title' }).fill(title);
    await form
      .getByRole('textbox', { name: 'Post content' })
      .fill('The club has opened negotiations with FC Oberhafen.');
    const formSelect = form.getByRole('combobox', { name: 'Deal status' });
    await expect(formSelect).toHaveValue('');
    await expect(formSelect.locator('option:checked')).toHaveText('No status');
    await formSelect.selectOption({ label: 'Talks' });
    await form.getByRole('button', { name: 'Post', exact: true }).click();

    const post = article(page, title);
    await expect(articles(page).first()).toHaveAccessibleName(title);
    const badge = post.getByText(/^Deal status:\s*Talks$/);
    await expect(badge).toBeVisible();
    await expect(formSelect).toHaveValue('');

    await page.reload();
    await expect(articles(page).first()).toHaveAccessibleName(title);
    await expect(badge).toBeVisible();

    await post.getByRole('button', { name: 'Edit', exact: true }).click();
    const editorSelect = post.getByRole('combobox', { name: 'Deal status' });
    await expect(editorSelect).toHaveValue('Talks');
    await editorSelect.selectOption({ label: 'Done deal' });
    await post.getByRole('button', { name: 'Save' }).click();
    await expect(editorSelect).toHaveCount(0);
    await expect(post.getByText(/^Deal status:\s*Done deal$/)).toBeVisible();
    await expect(badge).toHaveCount(0);

    // The status is searched like the title and content, ignoring case.
    const doneDeals = DEMO_POSTS.slice(0, PAGE_SIZE - 1).filter(
      (demo) => demo.status === 'Done deal',
    );
    const search = searchBox(page);
    await search.fill('DONE DEAL');
    await expect(articles(page)).toHaveCount(doneDeals.length + 1);
    await expect(articles(page).first()).toHaveAccessibleName(title);
    await search.fill('talks');
    await expect(post).toHaveCount(0);
    await search.fill('');

    await page.reload();
    await expect(article(page, title).getByText(/^Deal status:\s*Done deal$/)).toBeVisible();
  });
});
