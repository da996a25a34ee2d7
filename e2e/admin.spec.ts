import type { Dialog, Locator, Page } from '@playwright/test';
import { DEMO_POSTS, expect, test } from './fixtures';
import { PAGE_SIZE, article, articles, openFeed, postForm, signInAsAdmin } from './support/app';

test.describe('the administrator', () => {
  test.beforeEach(async ({ page }) => {
    await openFeed(page);
    await signInAsAdmin(page);
  });

  test('posts, and the post appears on top', async ({ page }) => {
    const form = postForm(page);
    const title = 'Northbridge sign a new goalkeeper';
    const content = 'The keeper arrives on a free transfer.\nHe signs a three-year deal.';
    await form.getByRole('textbox', { name: 'Post title' }).fill(title);
    await form.getByRole('textbox', { name: 'Post content' }).fill(content);
    await form
      .getByRole('textbox', { name: 'Image URL (optional)' })
      .fill('/images/signing-keeper.svg');
    await form.getByRole('textbox', { name: 'Link (optional)' }).fill('https://example.com/keeper');
    await form.getByRole('button', { name: 'Post', exact: true }).click();

    await expect(articles(page)).toHaveCount(PAGE_SIZE + 1);
    await expect(articles(page).first()).toHaveAccessibleName(title);
    const post = article(page, title);
    // Line breaks kept, rendered as text.
    await expect(post.getByText('The keeper arrives on a free transfer.')).toBeVisible();
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
    const post = article(page, title);
    const editBox = post.getByRole('textbox', { name: /edit|content/i });

    await post.getByRole('button', { name: /^Edit\b/ }).click();
    await expect(editBox).toHaveValue(content);
    await editBox.fill('Talks have stalled, according to the club.');
    await post.getByRole('button', { name: 'Cancel' }).click();
    await expect(editBox).toHaveCount(0);
    await expect(post).toContainText(firstLine(content));
    await expect(post).not.toContainText('Talks have stalled');

    await post.getByRole('button', { name: /^Edit\b/ }).click();
    await expect(editBox).toHaveValue(content);
    await editBox.fill('Update: the bid has been accepted.');
    await post.getByRole('button', { name: 'Save' }).click();
    await expect(editBox).toHaveCount(0);
    await expect(post).toContainText('Update: the bid has been accepted.');
    await expect(post).not.toContainText(firstLine(content));

    await page.reload();
    await expect(articles(page)).toHaveCount(PAGE_SIZE);
    // Only the content changed: same title, same place in the feed.
    await expect(articles(page).nth(2)).toHaveAccessibleName(title);
    await expect(article(page, title)).toContainText('Update: the bid has been accepted.');
  });

  test('deletes a post after confirming, and not without', async ({ page }) => {
    const { title } = DEMO_POSTS[3];
    await deletePost(page, article(page, title), false);
    await expect(article(page, title)).toBeVisible();

    await deletePost(page, article(page, title), true);
    await expect(article(page, title)).toHaveCount(0);
    await expect(articles(page)).toHaveCount(PAGE_SIZE - 1);

    await page.reload();
    await expect(articles(page).first()).toBeVisible();
    await expect(article(page, title)).toHaveCount(0);
  });
});

function firstLine(text: string): string {
  return text.split('\n')[0];
}

/** Presses Delete and answers the confirmation, whether the app asks in a dialog of its own or the browser's. */
async function deletePost(page: Page, post: Locator, confirm: boolean): Promise<void> {
  let asked = false;
  const onDialog = (dialog: Dialog) => {
    asked = true;
    void (confirm ? dialog.accept() : dialog.dismiss());
  };
  page.once('dialog', onDialog);
  await post.getByRole('button', { name: /^Delete\b/ }).click();
  const appDialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  if (!asked && (await appDialog.count()) > 0) {
    asked = true;
    await appDialog
      .getByRole('button', { name: confirm ? /^(Delete|Yes|Confirm|OK)\b/i : /^(Cancel|No)\b/i })
      .click();
  }
  page.off('dialog', onDialog);
  expect(asked, 'Delete must ask for confirmation').toBe(true);
}
