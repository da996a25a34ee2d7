/**
 * Likes (issue 48): 'Like' (aria-pressed) and the count beside it on every comment and reply, taken
 * back by pressing again, the fan's own likes pressed after a reload, never on their own comment.
 * Every read and write is real, against the emulator, through the app's recipe.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetThreads } from './store/threads';
import {
  buildPost,
  likeElsewhere,
  readCommentTotal,
  replyElsewhere,
  seedPosts,
  type StoredPost,
} from '../../../tests/support/app/firestore';
import { seedSuspension } from '../../../tests/support/app/moderation';
import { FAN_EMAIL, accountUid, renderApp, resetApp } from '../../../tests/support/app/renderApp';
import { session, signOut } from '../session/state/session';

const TITLE = 'Keeper signs';
const TOP = {
  user: 'early@example.com',
  text: 'A proper number one.',
  date: '01/01/2025, 10:00:00',
};
const OTHER = { user: 'late@example.com', text: 'About time.', date: '01/01/2025, 10:05:00' };
const MINE = { user: FAN_EMAIL, text: 'Welcome!', date: '01/01/2025, 10:06:00' };
let post: StoredPost;

beforeEach(async () => {
  await resetApp();
  [post] = await seedPosts([buildPost({ title: TITLE, comments: [TOP, OTHER, MINE] })]);
});

const card = () => screen.getByRole('article', { name: TITLE });

/** The line of the comment whose text is `text` (the first, if a reply repeats it). */
async function lineOf(text: string): Promise<HTMLElement> {
  const [shown] = await within(card()).findAllByText(text);
  const line = shown.closest('li');
  if (!line) throw new Error(`no line for ${text}`);
  return line;
}

/** The line's own 'Like' (not one of its replies'). */
async function likeOf(text: string): Promise<HTMLElement> {
  const line = await lineOf(text);
  // Loaded with the other signed-in controls: it may come a moment after the line.
  const [like] = await within(line).findAllByRole('button', { name: 'Like' });
  return like;
}

/** The line's own count of likes as shown, '' for none. */
async function countOf(text: string): Promise<string> {
  const line = await lineOf(text);
  return line.querySelector(':scope > .comment__like .comment__likes')?.textContent ?? '';
}

describe('likes', () => {
  it('a fan likes a comment shown inline: pressed, counted, kept after a reload', async () => {
    const first = await renderApp({ user: FAN_EMAIL });
    const like = await likeOf(TOP.text);
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await first.user.click(like);
    // The like marks the post: the card shows its thread, with the count.
    await waitFor(async () => expect(await countOf(TOP.text)).toBe('1 like'));
    expect(await likeOf(TOP.text)).toHaveAttribute('aria-pressed', 'true');
    expect(await readCommentTotal(post.id)).toBe(3);
    // Never on their own comment.
    expect(within(await lineOf(MINE.text)).queryByRole('button', { name: 'Like' })).toBeNull();

    first.unmount();
    forgetThreads();
    const again = await renderApp({ user: FAN_EMAIL });
    await again.user.click(
      await within(card()).findByRole('button', { name: 'Show all 3 comments' }),
    );
    await waitFor(async () =>
      expect(await likeOf(TOP.text)).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(await countOf(TOP.text)).toBe('1 like');
    expect(await likeOf(OTHER.text)).toHaveAttribute('aria-pressed', 'false');
  });

  it('pressing again takes the like back', async () => {
    const { user } = await renderApp({ user: FAN_EMAIL });
    await user.click(await likeOf(OTHER.text));
    await waitFor(async () =>
      expect(await likeOf(OTHER.text)).toHaveAttribute('aria-pressed', 'true'),
    );
    await user.click(await likeOf(OTHER.text));
    await waitFor(async () =>
      expect(await likeOf(OTHER.text)).toHaveAttribute('aria-pressed', 'false'),
    );
    expect(await countOf(OTHER.text)).toBe('');
  });

  it("a visitor sees others' likes of comments and replies, and no 'Like'", async () => {
    const reply = { user: 'replier@example.com', text: 'Agreed.', date: '01/01/2025, 11:00:00' };
    await replyElsewhere(post.id, TOP, reply);
    await likeElsewhere(post.id, TOP, 'a@example.com');
    await likeElsewhere(post.id, TOP, 'b@example.com');
    await likeElsewhere(post.id, reply, 'c@example.com');
    const { user } = await renderApp();
    await user.click(await within(card()).findByRole('button', { name: 'Show all 4 comments' }));
    // The second like came within the second: a counter counts it, and the sum is shown.
    await waitFor(async () => expect(await countOf(TOP.text)).toBe('2 likes'));
    await waitFor(async () => expect(await countOf(reply.text)).toBe('1 like'));
    expect(within(card()).queryByRole('button', { name: 'Like' })).toBeNull();
  });
});

describe('a suspended fan', () => {
  const BENCHED = 'benched.fan@example.com';

  it("has 'Like' only on a comment they like, to take that like back", async () => {
    const first = await renderApp({ user: BENCHED });
    await first.user.click(await likeOf(OTHER.text));
    await waitFor(async () =>
      expect(await likeOf(OTHER.text)).toHaveAttribute('aria-pressed', 'true'),
    );
    first.unmount();
    forgetThreads();
    await seedSuspension(await accountUid(BENCHED), null);
    // A fresh sign-in: the page reads the account's suspension anew.
    if (session.get() !== null && !(await signOut())) throw new Error('sign-out failed');

    const { user } = await renderApp({ user: BENCHED });
    await within(card()).findByText("You can't comment on this feed");
    await user.click(await within(card()).findByRole('button', { name: 'Show all 3 comments' }));
    await waitFor(async () =>
      expect(await likeOf(OTHER.text)).toHaveAttribute('aria-pressed', 'true'),
    );
    await waitFor(async () =>
      expect(within(await lineOf(TOP.text)).queryByRole('button', { name: 'Like' })).toBeNull(),
    );
    await user.click(await likeOf(OTHER.text));
    // Taken back: the count goes, and so does the button (a new like would be refused).
    await waitFor(async () => expect(await countOf(OTHER.text)).toBe(''));
    await waitFor(async () =>
      expect(within(await lineOf(OTHER.text)).queryByRole('button', { name: 'Like' })).toBeNull(),
    );
    expect(within(card()).queryByRole('alert')).toBeNull();
  });
});

describe("an open thread's order", () => {
  const comments = Array.from({ length: 5 }, (_, n) => ({
    user: `fan${n}@example.com`,
    text: `Comment ${n}`,
    date: `01/01/2025, 12:0${n}:00`,
  }));
  const shownTexts = () =>
    [...within(card()).getByRole('list', { name: 'Comments:' }).children].map(
      (line) => line.querySelector('.comment__text')?.textContent,
    );

  it("'Most liked' puts the most liked first, 'Oldest' the first; the choice stays for the visit", async () => {
    await resetApp();
    [post] = await seedPosts([buildPost({ title: TITLE, comments })]);
    // Comment 1's second and third likes come within its second: its counters count them, and
    // its own count (what the query orders by) is Comment 3's.
    await likeElsewhere(post.id, comments[3], 'a@x.com');
    for (const liker of ['a', 'b', 'c']) {
      await likeElsewhere(post.id, comments[1], `${liker}@x.com`);
    }
    const first = await renderApp();
    await first.user.click(
      await within(card()).findByRole('button', { name: 'Show all 5 comments' }),
    );
    const mostLiked = await within(card()).findByRole('button', { name: 'Most liked' });
    expect(within(card()).getByRole('button', { name: 'Newest' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await first.user.click(mostLiked);
    expect(mostLiked).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(shownTexts()).toEqual([
        'Comment 1',
        'Comment 3',
        'Comment 4',
        'Comment 2',
        'Comment 0',
      ]),
    );
    await first.user.click(within(card()).getByRole('button', { name: 'Oldest' }));
    await waitFor(() => expect(shownTexts()).toEqual(comments.map((comment) => comment.text)));
    await first.user.click(within(card()).getByRole('button', { name: 'Most liked' }));

    // Shown again in this visit (the feed rendered anew), the thread keeps the order chosen.
    first.unmount();
    await renderApp();
    expect(await within(card()).findByRole('button', { name: 'Most liked' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(shownTexts()[0]).toBe('Comment 1'));
  });
});
