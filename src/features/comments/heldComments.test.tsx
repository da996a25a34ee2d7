/**
 * Held for review, as fans see it (issue 48): a comment the club holds shows 'Waiting for review'
 * to its author, after a reload too, and to nobody else; it is not counted. Every read and write
 * is real, against the emulator, through the app's recipe (the rules refuse to publish it).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetThreads } from './store/threads';
import {
  buildPost,
  forgetCommentTimes,
  readCommentTotal,
  reviewElsewhere,
  seedPosts,
  type StoredPost,
} from '../../../tests/support/app/firestore';
import { FAN_EMAIL, renderApp, resetApp } from '../../../tests/support/app/renderApp';

const TITLE = 'Winger signs';
const EARLIER = { user: 'early@example.com', text: 'Quick feet.', date: '01/01/2025, 10:00:00' };
let post: StoredPost;

beforeEach(async () => {
  await resetApp();
  [post] = await seedPosts([buildPost({ title: TITLE, comments: [EARLIER] })]);
});

const card = () => screen.getByRole('article', { name: TITLE });

/** The fan's held comments under the card. */
const heldList = () =>
  within(card()).findByRole('list', { name: 'Your comments waiting for review' });

async function postComment(user: Awaited<ReturnType<typeof renderApp>>['user'], text: string) {
  await user.type(await within(card()).findByRole('textbox', { name: 'Add a comment...' }), text);
  await user.click(within(card()).getByRole('button', { name: /^Post/ }));
}

describe('held for review', () => {
  it("holds a new fan's first comment: 'Waiting for review' to them, after a reload too", async () => {
    await reviewElsewhere({ holdFirst: true, words: [] });
    const first = await renderApp({ user: FAN_EMAIL });
    await postComment(first.user, 'My first comment here');
    const held = await heldList();
    expect(within(held).getByText('My first comment here')).toBeInTheDocument();
    expect(within(held).getByText('Waiting for review')).toBeInTheDocument();
    expect(within(card()).getByRole('status')).toHaveTextContent(
      'Sent. The club reviews it before anyone else sees it.',
    );
    // Typed text is cleared, the count is the thread's alone.
    expect(within(card()).getByRole('textbox', { name: 'Add a comment...' })).toHaveValue('');
    expect(await readCommentTotal(post.id)).toBe(1);

    first.unmount();
    forgetThreads();
    await renderApp({ user: FAN_EMAIL });
    expect(within(await heldList()).getByText('My first comment here')).toBeInTheDocument();
  });

  it('shows a held comment to nobody else', async () => {
    await reviewElsewhere({ holdFirst: true, words: [] });
    const first = await renderApp({ user: FAN_EMAIL });
    await postComment(first.user, 'Only I can see this');
    await heldList();
    first.unmount();
    forgetThreads();
    await renderApp();
    expect(within(card()).getByText(EARLIER.text)).toBeInTheDocument();
    expect(within(card()).queryByText('Only I can see this')).toBeNull();
    expect(within(card()).queryByText('Waiting for review')).toBeNull();
  });

  it("holds an approved fan's comment with a suspect word, however it is written", async () => {
    await reviewElsewhere({ holdFirst: false, words: ['word'] });
    const { user } = await renderApp({ user: FAN_EMAIL });
    await postComment(user, 'Approved by this one');
    await waitFor(() => expect(within(card()).getByText('Approved by this one')).toBeVisible());
    expect(within(card()).queryByText('Waiting for review')).toBeNull();
    expect(await readCommentTotal(post.id)).toBe(2);
    await reviewElsewhere({ holdFirst: true, words: ['word'] });
    await forgetCommentTimes();
    await postComment(user, 'What a WÖRD that was');
    expect(within(await heldList()).getByText('What a WÖRD that was')).toBeInTheDocument();
    expect(await readCommentTotal(post.id)).toBe(2);
    // Approved by their first comment: without the word, shown at once while first comments
    // are held.
    await forgetCommentTimes();
    await postComment(user, 'A clean one');
    await waitFor(() => expect(within(card()).getByText('A clean one')).toBeVisible());
    expect(within(await heldList()).queryByText('A clean one')).toBeNull();
    expect(await readCommentTotal(post.id)).toBe(3);
  });
});
