import type { Locator } from '@playwright/test';
import { DEMO_POSTS, expect, test } from './fixtures';
import {
  FAN_EMAIL,
  PAGE_SIZE,
  postAt,
  articles,
  expectSignedInAs,
  openFeed,
  signInAs,
} from './support/app';

test.describe('a fan', () => {
  test('signs in through the account chooser, comments, and logs out', async ({ page }) => {
    await openFeed(page);
    await expect(page.getByRole('heading', { name: 'Login with Google' })).toBeVisible();
    // Signed out, nobody can comment.
    await expect(page.getByRole('textbox', { name: 'Add a comment...' })).toHaveCount(0);

    await signInAs(page, FAN_EMAIL);
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toHaveCount(0);

    const post = postAt(page, 1);
    await expect(post).toHaveAccessibleName(DEMO_POSTS[1].title);
    await expect(post.getByRole('heading', { name: 'Comments:' })).toBeVisible();
    const input = post.getByRole('textbox', { name: 'Add a comment...' });
    const text = 'Fee looks fair for a player of his age.';
    await input.fill(text);
    await post.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(commentLine(post, text)).toBeVisible();
    await expect(commentLine(post, text)).toContainText(FAN_EMAIL);
    await expect(input).toHaveValue('');

    await page.reload();
    await expect(articles(page)).toHaveCount(PAGE_SIZE);
    const reloaded = postAt(page, 1);
    await expect(commentLine(reloaded, text)).toBeVisible();
    await expect(commentLine(reloaded, text)).toContainText(FAN_EMAIL);

    // Still signed in after a reload, then out.
    await expectSignedInAs(page, FAN_EMAIL);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    await expect(page.getByText('Logged in as:')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Add a comment...' })).toHaveCount(0);
  });

  test('sees no administrator controls', async ({ page }) => {
    await openFeed(page);
    await signInAs(page, FAN_EMAIL);
    await expect(page.getByRole('textbox', { name: 'Add a comment...' })).toHaveCount(PAGE_SIZE);
    await expect(page.getByRole('textbox', { name: 'Post title' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Post content' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit\b/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete\b/ })).toHaveCount(0);
  });
});

/** One line of a post's comments: the list item that holds the text. */
function commentLine(post: Locator, text: string): Locator {
  return post.getByRole('listitem').filter({ hasText: text });
}
