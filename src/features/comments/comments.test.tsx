import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  buildPost,
  forgetCommentTimes,
  readPost,
  seedPosts,
  type StoredPost,
} from '../../../tests/support/app/firestore';
import {
  ADMIN_EMAIL,
  FAN_EMAIL,
  accountUid,
  renderApp,
  resetApp,
} from '../../../tests/support/app/renderApp';

let post: StoredPost;

beforeEach(async () => {
  await resetApp();
  [post] = await seedPosts([
    buildPost({
      title: 'Winger agrees terms',
      comments: [{ user: 'early@example.com', text: 'First!', date: '01/01/2025, 10:00:00' }],
    }),
  ]);
});

const card = () => screen.getByRole('article', { name: 'Winger agrees terms' });

describe('comments (spec §4, §5)', () => {
  it('lists each comment with its author under Comments:', async () => {
    await renderApp();
    const list = within(card()).getByRole('list', { name: 'Comments:' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('early@example.com: First!');
  });

  it('a fan comments: it appears with their e-mail, the input clears, the server has it appended', async () => {
    const { user } = await renderApp({ user: FAN_EMAIL });
    const input = await within(card()).findByRole('textbox', { name: 'Add a comment...' });
    await user.type(input, '  Great signing!  ');
    await user.click(within(card()).getByRole('button', { name: 'Post' }));

    // The page's first write loads the writing code: allow it time on a slow machine.
    await waitFor(() => expect(within(card()).getAllByRole('listitem')).toHaveLength(2), {
      timeout: 15_000,
    });
    expect(within(card()).getAllByRole('listitem')[1]).toHaveTextContent(
      `${FAN_EMAIL}: Great signing!`,
    );
    expect(input).toHaveValue('');
    // Stored in the post's thread, after the earlier one.
    const stored = await readPost(post.id);
    expect(stored?.comments.map((comment) => [comment.user, comment.text])).toEqual([
      ['early@example.com', 'First!'],
      [FAN_EMAIL, 'Great signing!'],
    ]);
    const date = stored?.comments[1].date ?? '';
    expect(date.length).toBeGreaterThan(0);
    expect(date.length).toBeLessThanOrEqual(64);
    // Nothing else about the post changed.
    expect(stored).toMatchObject({
      title: post.title,
      content: post.content,
      created: post.created,
    });
  });

  it('Enter in the comment box posts too', async () => {
    const { user } = await renderApp({ user: FAN_EMAIL });
    const input = within(card()).getByRole('textbox', { name: 'Add a comment...' });
    await user.type(input, 'Keyboard comment{Enter}');
    await within(card()).findByText('Keyboard comment');
    expect(input).toHaveValue('');
  });

  it('an empty or blank comment does nothing', async () => {
    const { user } = await renderApp({ user: FAN_EMAIL });
    const input = within(card()).getByRole('textbox', { name: 'Add a comment...' });
    await user.click(within(card()).getByRole('button', { name: 'Post' }));
    await user.type(input, '   ');
    await user.click(within(card()).getByRole('button', { name: 'Post' }));
    expect(within(card()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect((await readPost(post.id))?.comments).toHaveLength(1);
  });

  it('a signed-out visitor has no comment box to post with', async () => {
    await renderApp({ user: null });
    expect(within(card()).queryByRole('textbox', { name: 'Add a comment...' })).toBeNull();
    expect(within(card()).queryByRole('button', { name: 'Post' })).toBeNull();
  });

  it('comments are appended, not rewritten: a comment posted elsewhere meanwhile is kept', async () => {
    const first = await renderApp({ user: FAN_EMAIL });
    const other = await renderApp({ user: FAN_EMAIL });
    const [cardA, cardB] = screen.getAllByRole('article', { name: 'Winger agrees terms' });
    await first.user.type(within(cardA).getByRole('textbox', { name: 'Add a comment...' }), 'One');
    await other.user.type(within(cardB).getByRole('textbox', { name: 'Add a comment...' }), 'Two');
    await first.user.click(within(cardA).getByRole('button', { name: 'Post' }));
    await within(cardA).findByText('One');
    await forgetCommentTimes();
    await other.user.click(within(cardB).getByRole('button', { name: 'Post' }));
    await within(cardB).findByText('Two');
    const texts = (await readPost(post.id))?.comments.map((comment) => comment.text);
    expect(texts).toEqual(['First!', 'One', 'Two']);
  });

  it('a second comment within 10 seconds is refused with a plain reason, and its text is kept', async () => {
    const { user } = await renderApp({ user: FAN_EMAIL });
    const input = within(card()).getByRole('textbox', { name: 'Add a comment...' });
    await user.type(input, 'One{Enter}');
    await within(card()).findByText('One');
    await user.type(input, 'Two{Enter}');
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      'Please wait a few seconds before commenting again',
    );
    expect(input).toHaveValue('Two');
    expect((await readPost(post.id))?.comments.map((comment) => comment.text)).toEqual([
      'First!',
      'One',
    ]);
    // Once the time has passed, the same text goes through.
    await forgetCommentTimes();
    await user.click(within(card()).getByRole('button', { name: 'Post' }));
    await within(card()).findByText('Two');
    expect(input).toHaveValue('');
  });

  it('a comment of invisible characters only is not sent, and says why', async () => {
    const { user } = await renderApp({ user: FAN_EMAIL });
    const input = within(card()).getByRole('textbox', { name: 'Add a comment...' });
    await user.type(input, '\u200B\u200B{Enter}');
    expect(await within(card()).findByRole('alert')).toHaveTextContent('no visible text');
    expect(input).toHaveValue('\u200B\u200B');
    expect((await readPost(post.id))?.comments).toHaveLength(1);
  });
});

describe('removing a comment', () => {
  beforeEach(async () => {
    await resetApp();
    // The fan's comment was written from their account, as its moderation copy says.
    const uids = { [FAN_EMAIL]: await accountUid(FAN_EMAIL) };
    [post] = await seedPosts(
      [
        buildPost({
          title: 'Winger agrees terms',
          comments: [
            { user: 'early@example.com', text: 'First!', date: '01/01/2025, 10:00:00' },
            { user: FAN_EMAIL, text: 'Mine', date: '01/01/2025, 10:01:00' },
            { user: 'late@example.com', text: 'Last', date: '01/01/2025, 10:02:00' },
          ],
        }),
      ],
      { uids },
    );
  });

  const removeButtons = () => within(card()).queryAllByRole('button', { name: 'Remove' });

  it('a fan sees Remove on their own comment only, and removes it after confirming', async () => {
    const { user } = await renderApp({ user: FAN_EMAIL });
    expect(removeButtons()).toHaveLength(1);
    expect(removeButtons()[0]).toHaveAccessibleDescription(/^fan@example\.com: ?Mine$/);
    await user.click(removeButtons()[0]);
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(within(card()).getAllByRole('listitem')).toHaveLength(2));
    expect(within(card()).queryByText('Mine')).toBeNull();
    expect((await readPost(post.id))?.comments.map((comment) => comment.text)).toEqual([
      'First!',
      'Last',
    ]);
  });

  it('the administrator may remove any comment; Cancel keeps it', async () => {
    const { user } = await renderApp({ user: 'admin' });
    expect(removeButtons()).toHaveLength(3);
    await user.click(removeButtons()[0]);
    let dialog = await screen.findByRole('alertdialog', { name: 'Remove this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(removeButtons()[0]).toHaveFocus();
    expect(within(card()).getAllByRole('listitem')).toHaveLength(3);

    await user.click(removeButtons()[2]);
    dialog = await screen.findByRole('alertdialog', { name: 'Remove this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(card()).getAllByRole('listitem')).toHaveLength(2));
    expect((await readPost(post.id))?.comments.map((comment) => comment.user)).toEqual([
      'early@example.com',
      FAN_EMAIL,
    ]);
    expect(ADMIN_EMAIL).not.toBe(FAN_EMAIL);
  });

  it('a signed-out visitor sees no Remove button', async () => {
    await renderApp({ user: null });
    expect(removeButtons()).toHaveLength(0);
  });
});
