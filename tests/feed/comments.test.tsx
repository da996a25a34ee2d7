import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildPost, readPost, seedPosts, type StoredPost } from './support/firestore';
import { FAN_EMAIL, renderApp, resetApp } from './support/renderApp';

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
    const input = within(card()).getByRole('textbox', { name: 'Add a comment...' });
    await user.type(input, '  Great signing!  ');
    await user.click(within(card()).getByRole('button', { name: 'Post' }));

    await waitFor(() => expect(within(card()).getAllByRole('listitem')).toHaveLength(2));
    expect(within(card()).getAllByRole('listitem')[1]).toHaveTextContent(
      `${FAN_EMAIL}: Great signing!`,
    );
    expect(input).toHaveValue('');
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
    await other.user.click(within(cardB).getByRole('button', { name: 'Post' }));
    await within(cardB).findByText('Two');
    const texts = (await readPost(post.id))?.comments.map((comment) => comment.text);
    expect(texts).toEqual(['First!', 'One', 'Two']);
  });
});
