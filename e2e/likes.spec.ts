import { test } from './fixtures';
import { FAN_EMAIL, PAGE_SIZE, articles, openFeed, signInAs } from './support/app';
import {
  cardWith,
  phoneJourneysOnDeadlineDay,
  reachedHeader,
  showAll,
  threadExpect,
} from './support/deadlineDay';

/**
 * Issue 48's likes and 'Most liked', on a phone on deadline day: a fan likes a comment of the
 * 400-comment post; after a reload it is still liked and counted; a visitor sees the count, and
 * 'Most liked' puts that comment first.
 */
phoneJourneysOnDeadlineDay();
const expect = threadExpect;

test("a fan likes a comment of the 400-comment post; after a reload it is liked, and a visitor's 'Most liked' shows it first", async ({
  page: fan,
  otherPage: visitor,
}) => {
  await openFeed(fan);
  await signInAs(fan, FAN_EMAIL);
  const { card: hot, post } = cardWith(fan, 400);
  // Among the 50 shown, not the latest ('Most liked' must bring it up), and the only line of its
  // author with its text.
  const lineText = (comment: { user: string; text: string }) => `${comment.user}: ${comment.text}`;
  const liked = post.comments
    .slice(360, 390)
    .find(
      (each) => post.comments.filter((other) => lineText(other) === lineText(each)).length === 1,
    );
  if (!liked) throw new Error('No comment of the post is its author’s only one with its text');
  await expect(await reachedHeader(hot)).toHaveText('Comments:400');
  await showAll(hot, 400).click();
  const line = (card: typeof hot) =>
    card.getByRole('listitem').filter({ hasText: lineText(liked) });
  const like = line(hot).getByRole('button', { name: 'Like', exact: true });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(line(hot)).toContainText('1 like');

  await fan.reload();
  await expect(articles(fan)).toHaveCount(PAGE_SIZE);
  await showAll(hot, 400).click();
  await expect(line(hot).getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(line(hot)).toContainText('1 like');

  await openFeed(visitor);
  const seen = cardWith(visitor, 400).card;
  await expect(await reachedHeader(seen)).toHaveText('Comments:400');
  await showAll(seen, 400).click();
  await expect(line(seen)).toContainText('1 like');
  await expect(seen.getByRole('button', { name: 'Like', exact: true })).toHaveCount(0);
  await seen.getByRole('button', { name: 'Most liked' }).click();
  const comments = seen.getByRole('list', { name: 'Comments:' });
  await expect(comments.getByRole('listitem').first()).toContainText(lineText(liked));
  await expect(comments.getByRole('listitem').first()).toContainText('1 like');
});
