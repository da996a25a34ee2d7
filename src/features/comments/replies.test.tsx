/**
 * Replies, one level (issue 48): 'Reply' under a comment, the reply shown under it and named as
 * its reply, 'N replies' opening the rest past three, and a removed comment's mark keeping its
 * replies. Every read and write is real, against the emulator, through the app's recipes.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_EVERY_MS } from '../live/state/liveChecks';
import {
  ageThreadStamp,
  buildPost,
  readCommentTotal,
  readPost,
  removeElsewhere,
  replyElsewhere,
  seedPosts,
  type StoredPost,
} from '../../../tests/support/app/firestore';
import { ADMIN_EMAIL, FAN_EMAIL, renderApp, resetApp } from '../../../tests/support/app/renderApp';

const TITLE = 'Left back signs';
const TOP = { user: 'early@example.com', text: 'Who is he?', date: '01/01/2025, 10:00:00' };
const OTHER = { user: 'late@example.com', text: 'Welcome!', date: '01/01/2025, 10:05:00' };
let post: StoredPost;

beforeEach(async () => {
  await resetApp();
  [post] = await seedPosts([buildPost({ title: TITLE, comments: [TOP, OTHER] })]);
});

const card = () => screen.getByRole('article', { name: TITLE });
const repliesTo = (user: string) =>
  within(card()).findByRole('list', { name: `Replies to ${user}` });
const countLine = () =>
  within(card()).getByRole('heading', { name: 'Comments:' }).parentElement?.textContent;

function reply(n: number) {
  return { user: `replier${n}@example.com`, text: `Reply ${n}`, date: `01/01/2025, 11:0${n}:00` };
}

describe('replies', () => {
  it('a fan replies under a comment: shown there as its reply, counted, stored as a reply', async () => {
    const { user } = await renderApp({ user: FAN_EMAIL });
    const top = within(card()).getByText('Who is he?').closest('li');
    if (!top) throw new Error('no line for the comment');
    const open = within(top).getByRole('button', { name: 'Reply' });
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const box = await within(top).findByRole('textbox', { name: 'Add a reply...' });
    expect(box).toHaveFocus();
    await user.type(box, 'A left back from Porto.');
    await user.click(within(top).getByRole('button', { name: 'Send reply' }));

    const replies = await repliesTo(TOP.user);
    await waitFor(() =>
      expect(within(replies).getByRole('listitem')).toHaveTextContent(
        `Reply from ${FAN_EMAIL}: A left back from Porto.`,
      ),
    );
    expect(within(top).queryByRole('textbox', { name: 'Add a reply...' })).toBeNull();
    await waitFor(() => expect(countLine()).toBe('Comments:3'));
    expect(await readCommentTotal(post.id)).toBe(3);
    // Not a comment of its own: the thread's comments are still the two, in order.
    const lines = within(card()).getByRole('list', { name: 'Comments:' }).children;
    expect([...lines].map((line) => line.firstChild?.textContent)).toEqual([
      `${TOP.user}: ${TOP.text}`,
      `${OTHER.user}: ${OTHER.text}`,
    ]);
  });

  it("in an open thread, the reply box closes once sent and focus returns to 'Reply'", async () => {
    await replyElsewhere(post.id, TOP, reply(1));
    const { user } = await renderApp({ user: FAN_EMAIL });
    await user.click(await within(card()).findByRole('button', { name: 'Show all 3 comments' }));
    const replies = await repliesTo(TOP.user);
    await within(replies).findByText('Reply 1');
    const top = within(card()).getByText('Who is he?').closest('li');
    if (!top) throw new Error('no line for the comment');
    const [open] = within(top).getAllByRole('button', { name: 'Reply' });
    await user.click(open);
    await user.type(
      await within(top).findByRole('textbox', { name: 'Add a reply...' }),
      'Me too{Enter}',
    );
    await waitFor(() => expect(within(replies).getAllByRole('listitem')).toHaveLength(2));
    // The box closes once the commit is answered, and focus returns to the button.
    await waitFor(() => expect(open).toHaveFocus());
    expect(within(top).queryByRole('textbox', { name: 'Add a reply...' })).toBeNull();
  });

  it("shows others' replies under their comment, three, and 'N replies' opens the rest", async () => {
    for (let n = 1; n <= 5; n += 1) await replyElsewhere(post.id, TOP, reply(n));
    const { user } = await renderApp();
    await user.click(await within(card()).findByRole('button', { name: 'Show all 7 comments' }));
    const replies = await repliesTo(TOP.user);
    await waitFor(() => expect(within(replies).getAllByRole('listitem')).toHaveLength(3));
    expect(within(replies).getAllByRole('listitem')[0]).toHaveTextContent('Reply 1');
    // A visitor may read replies but not write one.
    expect(within(card()).queryByRole('button', { name: 'Reply' })).toBeNull();
    await user.click(within(card()).getByRole('button', { name: '5 replies' }));
    await waitFor(() => expect(within(replies).getAllByRole('listitem')).toHaveLength(5));
    expect(within(replies).getAllByRole('listitem')[4]).toHaveTextContent('Reply 5');
    expect(within(card()).queryByRole('button', { name: '5 replies' })).toBeNull();
    expect(await repliesTo(OTHER.user).catch(() => null)).toBeNull();
  });

  it('a removed comment with replies leaves "Comment removed", its replies kept', async () => {
    await replyElsewhere(post.id, TOP, reply(1));
    const { user } = await renderApp({ user: ADMIN_EMAIL });
    await user.click(await within(card()).findByRole('button', { name: 'Show all 3 comments' }));
    const replies = await repliesTo(TOP.user);
    await within(replies).findByText('Reply 1');
    const top = within(card()).getByText('Who is he?').closest('li');
    if (!top) throw new Error('no line for the comment');
    const remove = within(top).getAllByRole('button', { name: 'Remove' })[0];
    await user.click(remove);
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await within(card()).findByText('Comment removed');
    expect(within(card()).queryByText('Who is he?')).toBeNull();
    expect(within(card()).getByText('Reply 1')).toBeInTheDocument();
    expect(await readCommentTotal(post.id)).toBe(2);
    const stored = await readPost(post.id);
    expect(stored?.comments.some((each) => each.text === TOP.text)).toBe(false);
  });
});

describe('replies made elsewhere, live', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'performance'],
      shouldAdvanceTime: true,
    });
  });
  afterEach(() => vi.useRealTimers());

  /** Lets the live checks' interval pass, then waits for what they started. */
  const nextCheck = () => act(() => vi.advanceTimersByTimeAsync(CHECK_EVERY_MS));

  it('an open thread shows a new reply under its comment, and a removed comment as removed', async () => {
    await replyElsewhere(post.id, TOP, reply(1));
    const { user } = await renderApp();
    await user.click(await within(card()).findByRole('button', { name: 'Show all 3 comments' }));
    const replies = await repliesTo(TOP.user);
    await within(replies).findByText('Reply 1');

    await ageThreadStamp(post.id);
    await replyElsewhere(post.id, TOP, reply(2));
    await nextCheck();
    await waitFor(() => expect(within(replies).getAllByRole('listitem')).toHaveLength(2));
    expect(within(replies).getAllByRole('listitem')[1]).toHaveTextContent('Reply 2');
    await waitFor(() => expect(countLine()).toBe('Comments:4'));

    await removeElsewhere(post.id, TOP);
    await nextCheck();
    await within(card()).findByText('Comment removed');
    expect(within(card()).queryByText(TOP.text)).toBeNull();
    expect(within(card()).getByText('Reply 2')).toBeInTheDocument();
    await waitFor(() => expect(countLine()).toBe('Comments:3'));
  });
});
