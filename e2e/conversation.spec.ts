import type { Locator, Page } from '@playwright/test';
import { test } from './fixtures';
import { PAGE_SIZE, articles, openFeed, signInAs, signInAsAdmin } from './support/app';
import {
  cardWith,
  phoneJourneysOnDeadlineDay,
  reachedHeader,
  showAll,
  threadExpect,
} from './support/deadlineDay';
import { mayCommentAgain, signInOutsideBrowser } from './support/moderation';

/**
 * Issue 48's whole conversation, on a phone on deadline day, on the 400-comment post: a fan
 * replies and likes; a second fan sees both and 'Most liked' puts the liked comment first; the
 * club holds first comments and a suspect word; a new fan's first comment and the first fan's
 * comment with 'WÖRD' wait for review, seen by their authors alone; the club approves one and
 * rejects the other, and a visitor then sees exactly the approved one.
 */
phoneJourneysOnDeadlineDay();
const expect = threadExpect;

const FIRST_FAN = 'first.fan@example.com';
const SECOND_FAN = 'second.fan@example.com';
const NEW_FAN = 'new.fan@example.com';
const REPLY = 'He starts on Saturday, I heard.';
const WITH_WORD = 'What a WÖRD from the club';
const FIRST_EVER = 'My first ever comment here';

/** The hot card's thread, opened (its count `count`). */
async function openHot(page: Page, count: number): Promise<Locator> {
  const { card } = cardWith(page, 400);
  await expect(await reachedHeader(card)).toHaveText(`Comments:${count}`);
  await showAll(card, count).click();
  return card;
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
}

/** Writes `text` in the card's comment box and posts it. */
async function comment(card: Locator, text: string): Promise<void> {
  await card.getByRole('textbox', { name: 'Add a comment...' }).fill(text);
  await card.getByRole('button', { name: 'Post', exact: true }).click();
}

const waiting = (card: Locator) =>
  card.getByRole('list', { name: 'Your comments waiting for review' }).getByRole('listitem');

test('replies, likes, the most liked first, and comments held for review until the club decides', async ({
  page,
  otherPage,
}) => {
  const { post } = cardWith(page, 400);
  const answered = post.comments[399];
  const lineText = (each: { user: string; text: string }) => `${each.user}: ${each.text}`;
  // A comment among the latest 50, not the newest, the only line of its author with its text.
  const liked = post.comments
    .slice(360, 390)
    .find(
      (each) => post.comments.filter((other) => lineText(other) === lineText(each)).length === 1,
    );
  if (!liked) throw new Error('No comment of the post is its author’s only one with its text');
  const line = (card: Locator, each: { user: string; text: string }) =>
    card.getByRole('listitem').filter({ hasText: lineText(each) });
  const likeOf = (card: Locator) =>
    line(card, liked).getByRole('button', { name: 'Like', exact: true }).first();
  const replies = (card: Locator) =>
    card.getByRole('list', { name: `Replies to ${answered.user}` }).getByRole('listitem');

  // The first fan replies to one comment and likes another.
  await openFeed(page);
  await signInAs(page, FIRST_FAN);
  let hot = await openHot(page, 400);
  const answeredLine = line(hot, answered).first();
  await answeredLine.getByRole('button', { name: 'Reply', exact: true }).click();
  await answeredLine.getByRole('textbox', { name: 'Add a reply...' }).fill(REPLY);
  await answeredLine.getByRole('button', { name: 'Send reply' }).click();
  await expect(replies(hot)).toHaveText([new RegExp(`^Reply from ${FIRST_FAN}: ${REPLY}`)]);
  await likeOf(hot).click();
  await expect(likeOf(hot)).toHaveAttribute('aria-pressed', 'true');

  // After a reload both are there: the reply, the like pressed and counted.
  await page.reload();
  await expect(articles(page)).toHaveCount(PAGE_SIZE);
  hot = await openHot(page, 401);
  await expect(replies(hot)).toHaveText([new RegExp(`^Reply from ${FIRST_FAN}: ${REPLY}`)]);
  await expect(likeOf(hot)).toHaveAttribute('aria-pressed', 'true');
  await expect(line(hot, liked).first()).toContainText('1 like');

  // A second fan sees the reply under its comment and the like's count; 'Most liked' puts the
  // liked comment first.
  await openFeed(otherPage);
  await signInAs(otherPage, SECOND_FAN);
  const seen = await openHot(otherPage, 401);
  await expect(replies(seen)).toHaveText([new RegExp(`^Reply from ${FIRST_FAN}: ${REPLY}`)]);
  await expect(line(seen, liked).first()).toContainText('1 like');
  await expect(likeOf(seen)).toHaveAttribute('aria-pressed', 'false');
  await seen.getByRole('button', { name: 'Most liked' }).click();
  const ordered = seen.getByRole('list', { name: 'Comments:' }).getByRole('listitem');
  await expect(ordered.first()).toContainText(lineText(liked));

  // The club holds first comments and adds a suspect word.
  await signOut(otherPage);
  await signInAsAdmin(otherPage);
  await otherPage.getByRole('button', { name: 'Moderation' }).click();
  const moderation = otherPage.getByRole('region', { name: 'Moderation' });
  const holding = moderation.getByRole('checkbox', { name: 'Hold first comments' });
  await holding.check();
  await expect(holding).toBeChecked();
  await expect(holding).toBeEnabled();
  await moderation.getByRole('textbox', { name: 'Suspect word' }).fill('word');
  await moderation.getByRole('button', { name: 'Add word' }).click();
  await expect(moderation.getByRole('list', { name: 'Suspect words' })).toContainText('word');

  // The first fan (approved by their reply) writes the word; a new fan writes a first comment.
  // Each sees 'Waiting for review'; neither is counted. The reply started the rules' wait between
  // an account's comments, which a quick machine reaches this line within.
  const firstFan = await signInOutsideBrowser(FIRST_FAN);
  await expect.poll(() => mayCommentAgain(firstFan)).toBe(true);
  await comment(hot, WITH_WORD);
  await expect(waiting(hot)).toHaveText([new RegExp(`${WITH_WORD}.*Waiting for review`)]);
  await signOut(page);
  await signInAs(page, NEW_FAN);
  hot = cardWith(page, 400).card;
  await comment(hot, FIRST_EVER);
  await expect(waiting(hot)).toHaveText([new RegExp(`${FIRST_EVER}.*Waiting for review`)]);
  await expect(waiting(hot)).not.toContainText(WITH_WORD);

  // A visitor sees neither.
  await signOut(page);
  await page.reload();
  hot = await openHot(page, 401);
  await expect(hot.getByText(WITH_WORD)).toHaveCount(0);
  await expect(hot.getByText(FIRST_EVER)).toHaveCount(0);
  await expect(hot.getByText('Waiting for review')).toHaveCount(0);

  // The club approves the new fan's comment and rejects the other; held ones list oldest first.
  await moderation.getByRole('button', { name: 'Back to the feed' }).click();
  await otherPage.getByRole('button', { name: 'Moderation' }).click();
  const held = moderation.getByRole('list', { name: 'Waiting for review' }).getByRole('listitem');
  await expect(held).toHaveCount(2);
  await expect(held.nth(0)).toContainText(WITH_WORD);
  await expect(held.nth(1)).toContainText(FIRST_EVER);
  await held.filter({ hasText: FIRST_EVER }).getByRole('button', { name: 'Approve' }).click();
  await expect(held).toHaveCount(1);
  await held.filter({ hasText: WITH_WORD }).getByRole('button', { name: 'Reject' }).click();
  await expect(held).toHaveCount(0);

  // The visitor then sees exactly the approved one.
  await page.reload();
  await expect(articles(page)).toHaveCount(PAGE_SIZE);
  hot = await openHot(page, 402);
  await expect(line(hot, { user: NEW_FAN, text: FIRST_EVER })).toHaveCount(1);
  await expect(hot.getByText(WITH_WORD)).toHaveCount(0);
});
