/**
 * A comment section a club can police, from a fan's card: reporting, closed posts, the
 * comment cap, suspensions and the removal of a comment stored twice, against the real emulators
 * and firestore.rules.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { commentId, reportId } from '../../src/features/comments/data/commentCopies';
import {
  session,
  signInWithEmulatorAccount,
  signOut,
} from '../../src/features/session/state/session';
import { buildPost, readPost, seedPosts, type StoredPost } from './support/firestore';
import { readStored, seedCommentCopies, seedSuspension } from './support/moderation';
import { FAN_EMAIL, renderApp, resetApp } from './support/renderApp';

const OTHER = 'other.fan@example.com';
const rude = { user: OTHER, text: 'You are all clowns', date: '01/01/2025, 10:00:00' };
const mine = { user: FAN_EMAIL, text: 'My own take', date: '01/01/2025, 10:05:00' };

let post: StoredPost;

beforeEach(async () => {
  await resetApp();
  [post] = await seedPosts([buildPost({ title: 'Winger agrees terms', comments: [rude, mine] })]);
  await seedCommentCopies(post, { [OTHER]: 'other-uid' });
});

const card = () => screen.getByRole('article', { name: 'Winger agrees terms' });
const line = (text: string) =>
  within(card())
    .getAllByRole('listitem')
    .find((item) => item.textContent.includes(text)) ?? null;

/** Signs in before the page renders; returns the account's id. */
async function signIn(email: string): Promise<string> {
  // A fresh sign-in, as a new visit: what the page knows of the account is read anew.
  if (session.get() !== null && !(await signOut())) throw new Error('sign-out failed');
  if ((await signInWithEmulatorAccount(email)) !== 'signed-in') throw new Error('sign-in failed');
  await waitFor(() => expect(session.get()?.email).toBe(email));
  return fanUid();
}

function fanUid(): string {
  const uid = session.get()?.uid;
  if (!uid) throw new Error('Nobody is signed in');
  return uid;
}

describe('reporting a comment', () => {
  it("a fan reports someone else's comment with a reason; the button then reads 'Reported'", async () => {
    const { user } = await renderApp({ user: FAN_EMAIL });
    const rudeLine = line('You are all clowns');
    if (!rudeLine) throw new Error('no comment line');
    await user.click(await within(rudeLine).findByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this comment?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Abuse' }));
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));

    await within(rudeLine).findByRole('button', { name: 'Reported' });
    expect(within(rudeLine).getByRole('button', { name: 'Reported' })).toBeDisabled();
    const id = await commentId(post.id, rude);
    expect(await readStored(`comments/${id}`)).toMatchObject({ reports: 1, reported: true });
    expect(await readStored(`reports/${reportId(id, fanUid())}`)).toMatchObject({
      comment: id,
      uid: fanUid(),
      reason: 'Abuse',
    });
  });

  it('no Report on your own comment, nor for a visitor', async () => {
    await renderApp({ user: FAN_EMAIL });
    const own = line('My own take');
    if (!own) throw new Error('no comment line');
    await within(line('You are all clowns') ?? card()).findByRole('button', { name: 'Report' });
    expect(within(own).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  it('a visitor sees no Report button', async () => {
    await renderApp({ user: null });
    expect(within(card()).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });
});

describe('closed comments and the cap', () => {
  it("the administrator closes comments: 'Comments are closed' replaces the form, and reopens them", async () => {
    const { user } = await renderApp({ user: 'admin' });
    await user.click(await within(card()).findByRole('button', { name: 'Close comments' }));
    await within(card()).findByText('Comments are closed');
    expect(within(card()).queryByRole('textbox', { name: 'Add a comment...' })).toBeNull();
    expect(await readStored(`posts/${post.id}`)).toMatchObject({ closed: true });

    await user.click(within(card()).getByRole('button', { name: 'Reopen comments' }));
    await within(card()).findByRole('textbox', { name: 'Add a comment...' });
    expect(within(card()).queryByText('Comments are closed')).toBeNull();
    expect(await readStored(`posts/${post.id}`)).not.toHaveProperty('closed');
  });

  it('a fan sees a closed post without a comment box', async () => {
    const [closed] = await seedPosts([buildPost({ title: 'Closed story', closed: true })]);
    await renderApp({ user: FAN_EMAIL });
    const closedCard = screen.getByRole('article', { name: closed.title });
    expect(within(closedCard).getByText('Comments are closed')).toBeVisible();
    expect(within(closedCard).queryByRole('textbox', { name: 'Add a comment...' })).toBeNull();
  });

  it('a post at 400 comments says so instead of offering a form the rules would refuse', async () => {
    const comments = Array.from({ length: 400 }, (_, index) => ({
      user: `fan${index}@example.com`,
      text: `Comment ${index}`,
      date: '01/01/2025, 10:00:00',
    }));
    const [full] = await seedPosts([buildPost({ title: 'Full story', comments })]);
    await renderApp({ user: FAN_EMAIL });
    const fullCard = screen.getByRole('article', { name: full.title });
    expect(within(fullCard).getByText('Comments are closed')).toBeVisible();
    expect(within(fullCard).getByText('This post has reached 400 comments')).toBeVisible();
    expect(within(fullCard).queryByRole('textbox', { name: 'Add a comment...' })).toBeNull();
  });
});

describe('a suspended fan', () => {
  it("sees until when they can't comment, and no Report buttons", async () => {
    await seedSuspension(await signIn(FAN_EMAIL), new Date(Date.now() + 24 * 3_600_000));
    await renderApp({ user: FAN_EMAIL });
    const cards = await screen.findAllByText(/^You can't comment until /);
    expect(cards.length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  it('suspended for good: "You can\'t comment on this feed"', async () => {
    await seedSuspension(await signIn(FAN_EMAIL), null);
    await renderApp({ user: FAN_EMAIL });
    expect((await screen.findAllByText("You can't comment on this feed")).length).toBeGreaterThan(
      0,
    );
  });
});

describe('a comment stored twice (older data)', () => {
  beforeEach(async () => {
    await resetApp();
    [post] = await seedPosts([
      buildPost({ title: 'Winger agrees terms', comments: [rude, mine, rude] }),
    ]);
  });

  it('the administrator removes one copy, then the other', async () => {
    const { user } = await renderApp({ user: 'admin' });
    const removeFirst = async (which: string) => {
      const rudeLine = line('You are all clowns');
      if (!rudeLine) throw new Error('no comment line');
      await user.click(within(rudeLine).getByRole('button', { name: 'Remove' }));
      const dialog = await screen.findByRole('dialog', { name: 'Remove this comment?' });
      await user.click(within(dialog).getByRole('radio', { name: which }));
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    };
    await removeFirst('Remove one copy');
    await waitFor(async () =>
      expect((await readPost(post.id))?.comments.map((comment) => comment.text)).toEqual([
        'My own take',
        'You are all clowns',
      ]),
    );
    await waitFor(() => expect(within(card()).getAllByRole('listitem')).toHaveLength(2));
    // One copy left: a plain confirmation now.
    const rudeLine = line('You are all clowns');
    if (!rudeLine) throw new Error('no comment line');
    await user.click(within(rudeLine).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(async () =>
      expect((await readPost(post.id))?.comments.map((comment) => comment.text)).toEqual([
        'My own take',
      ]),
    );
  });

  it('the administrator removes both copies at once', async () => {
    const { user } = await renderApp({ user: 'admin' });
    const rudeLine = line('You are all clowns');
    if (!rudeLine) throw new Error('no comment line');
    await user.click(within(rudeLine).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this comment?' });
    expect(within(dialog).getByText('This comment is stored 2 times.')).toBeVisible();
    await user.click(within(dialog).getByRole('radio', { name: 'Remove both copies' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(async () =>
      expect((await readPost(post.id))?.comments.map((comment) => comment.text)).toEqual([
        'My own take',
      ]),
    );
  });
});
