import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { FAN_EMAIL, article, openFeed, openPostForm, signInAs, signInAsAdmin } from './support/app';

/**
 * On Google's Firestore engine, the one production runs: a post the administrator has just written,
 * with no comment yet, takes a fan's first comment, and an emoji-only one at that; blank-only text
 * is not stored. (Our earlier engine allowed the first comment where Google's refused it.)
 */
test('the administrator posts; a fan posts its first comment, emoji only; blank text is not stored', async ({
  page,
  otherPage,
}) => {
  const title = 'Winger joins on loan';
  await openFeed(page);
  await signInAsAdmin(page);
  const form = await openPostForm(page);
  await form.getByRole('textbox', { name: 'Post title' }).fill(title);
  await form.getByRole('textbox', { name: 'Post content' }).fill('A season-long loan.');
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(article(page, title)).toBeVisible();

  await openFeed(otherPage);
  await signInAs(otherPage, FAN_EMAIL);
  const post = article(otherPage, title);
  const input = post.getByRole('textbox', { name: 'Add a comment...' });
  const emoji = '😀🤣🥳🫠';
  await input.fill(emoji);
  await post.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(commentLine(post, emoji)).toContainText(FAN_EMAIL);
  await expect(input).toHaveValue('');

  // U+3164 HANGUL FILLER alone looks blank: refused with the reason, and what was typed is kept.
  await input.fill('\u3164');
  await post.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(post.getByRole('alert')).toHaveText('Not sent: the comment has no visible text.');
  await expect(input).toHaveValue('\u3164');

  await otherPage.reload();
  const reloaded = article(otherPage, title);
  await expect(commentLine(reloaded, emoji)).toContainText(FAN_EMAIL);
  await expect(reloaded.getByRole('listitem')).toHaveCount(1);
});

/** One line of a post's comments: the list item that holds the text. */
function commentLine(post: Locator, text: string): Locator {
  return post.getByRole('listitem').filter({ hasText: text });
}
