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
 * Issue 48's replies, on a phone on deadline day: a fan answers a comment of the 400-comment post;
 * after a reload, and for a visitor, the reply is under that comment, named as its reply, and the
 * count is one higher.
 */
phoneJourneysOnDeadlineDay();
const expect = threadExpect;

test('a fan replies to a comment on the 400-comment post; after a reload and for a visitor it is under that comment', async ({
  page: fan,
  otherPage: visitor,
}) => {
  await openFeed(fan);
  await signInAs(fan, FAN_EMAIL);
  const { card: hot, post } = cardWith(fan, 400);
  const answered = post.comments[399];
  await expect(await reachedHeader(hot)).toHaveText('Comments:400');
  await showAll(hot, 400).click();
  const line = hot.getByRole('listitem').filter({ hasText: answered.text });
  await line.getByRole('button', { name: 'Reply', exact: true }).click();
  const text = 'He starts on Saturday, I heard.';
  await line.getByRole('textbox', { name: 'Add a reply...' }).fill(text);
  await line.getByRole('button', { name: 'Send reply' }).click();
  const replies = (page: typeof fan) =>
    cardWith(page, 400).card.getByRole('list', { name: `Replies to ${answered.user}` });
  await expect(replies(fan).getByRole('listitem')).toHaveText([
    new RegExp(`^Reply from ${FAN_EMAIL}: ${text}`),
  ]);
  await expect(await reachedHeader(hot)).toHaveText('Comments:401');

  await fan.reload();
  await expect(articles(fan)).toHaveCount(PAGE_SIZE);
  await expect(await reachedHeader(hot)).toHaveText('Comments:401');
  await showAll(hot, 401).click();
  await expect(replies(fan).getByRole('listitem')).toHaveText([
    new RegExp(`^Reply from ${FAN_EMAIL}: ${text}`),
  ]);

  await openFeed(visitor);
  const seen = cardWith(visitor, 400).card;
  await expect(await reachedHeader(seen)).toHaveText('Comments:401');
  await showAll(seen, 401).click();
  await expect(replies(visitor).getByRole('listitem')).toHaveText([
    new RegExp(`^Reply from ${FAN_EMAIL}: ${text}`),
  ]);
  await expect(seen.getByRole('button', { name: 'Reply', exact: true })).toHaveCount(0);
});
