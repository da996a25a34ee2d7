import { DEMO_POSTS, expect, test } from './fixtures';
import {
  PAGE_SIZE,
  article,
  articles,
  openFeed,
  postAt,
  openPostForm,
  signInAsAdmin,
} from './support/app';

test.describe('the administrator', () => {
  test.beforeEach(async ({ page }) => {
    await openFeed(page);
    await signInAsAdmin(page);
  });

  test('posts, and the post appears on top', async ({ page, baseURL }) => {
    const form = await openPostForm(page);
    const title = 'Northbridge sign a new goalkeeper';
    const content = 'The keeper arrives on a free transfer.\nHe signs a three-year deal.';
    await form.getByRole('textbox', { name: 'Post title' }).fill(title);
    await form.getByRole('textbox', { name: 'Post content' }).fill(content);
    await form
      .getByRole('textbox', { name: 'Image URL (optional)' })
      .fill(`${baseURL}/images/signing-keeper.svg`);
    await form.getByRole('textbox', { name: 'Link (optional)' }).fill('https://example.com/keeper');
    await form.getByRole('button', { name: 'Post', exact: true }).click();

    await expect(articles(page)).toHaveCount(PAGE_SIZE + 1);
    await expect(articles(page).first()).toHaveAccessibleName(title);
    const post = article(page, title);
    // Rendered as text with its line break kept.
    await expect
      .poll(() => post.getByText(/The keeper arrives/).innerText())
      .toContain('free transfer.\nHe signs');
    await expect(post.getByRole('img')).toHaveAttribute('src', /signing-keeper\.svg$/);
    await expect(post.getByRole('link', { name: /Read more/ })).toHaveAttribute(
      'href',
      'https://example.com/keeper',
    );
    for (const name of ['Post title', 'Post content', 'Image URL (optional)', 'Link (optional)']) {
      await expect(form.getByRole('textbox', { name })).toHaveValue('');
    }

    await page.reload();
    await expect(articles(page).first()).toHaveAccessibleName(title);
  });

  test('edits content with Save, and Cancel changes nothing', async ({ page }) => {
    const { title, content } = DEMO_POSTS[2];
    const post = postAt(page, 2);
    await expect(post).toHaveAccessibleName(title);
    const editBox = post.getByRole('textbox', { name: 'Edit content' });

    await post.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(editBox).toHaveValue(content);
    await editBox.fill('Talks have stalled, according to the club.');
    await post.getByRole('button', { name: 'Cancel' }).click();
    await expect(editBox).toHaveCount(0);
    await expect(post).toContainText(firstLine(content));
    await expect(post).not.toContainText('Talks have stalled');

    await post.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(editBox).toHaveValue(content);
    await editBox.fill('Update: the bid has been accepted.');
    await post.getByRole('button', { name: 'Save' }).click();
    await expect(editBox).toHaveCount(0);
    await expect(post).toContainText('Update: the bid has been accepted.');
    await expect(post).not.toContainText(firstLine(content));

    await page.reload();
    await expect(articles(page)).toHaveCount(PAGE_SIZE);
    // Only the content changed: same title, same place in the feed.
    await expect(postAt(page, 2)).toHaveAccessibleName(title);
    await expect(postAt(page, 2)).toContainText('Update: the bid has been accepted.');
  });

  test('deletes a post after confirming, and not without', async ({ page }) => {
    const doomed = DEMO_POSTS[3];
    const next = DEMO_POSTS[4];
    await expect(postAt(page, 3)).toHaveAccessibleName(doomed.title);
    const confirm = page.getByRole('alertdialog', { name: 'Delete this post?' });

    await postAt(page, 3).getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(doomed.title);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(articles(page)).toHaveCount(PAGE_SIZE);
    await expect(postAt(page, 3)).toHaveAccessibleName(doomed.title);

    await postAt(page, 3).getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toHaveCount(0);
    await expect(articles(page)).toHaveCount(PAGE_SIZE - 1);
    await expect(postAt(page, 3)).toHaveAccessibleName(next.title);

    await page.reload();
    await expect(articles(page)).toHaveCount(PAGE_SIZE);
    await expect(postAt(page, 3)).toHaveAccessibleName(next.title);
    // The post that used to come after the first page has moved up into it.
    await expect(postAt(page, PAGE_SIZE - 1)).toHaveAccessibleName(DEMO_POSTS[PAGE_SIZE].title);
  });
});

function firstLine(text: string): string {
  return text.split('\n')[0];
}
