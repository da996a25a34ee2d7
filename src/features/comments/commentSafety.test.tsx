/**
 * A comment section a club can police, from a fan's card: reporting, closed posts, long threads
 * (no cap), suspensions, and posts an earlier version wrote (their comments in a list), against the
 * real emulators and firestore.rules.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { commentId, reportId } from './data/commentCopies';
import { session, signInWithEmulatorAccount, signOut } from '../session/state/session';
import {
  buildPost,
  readCommentTotal,
  readPost,
  seedPosts,
  type LegacyShape,
  type SeedPost,
  type StoredPost,
} from '../../../tests/support/app/firestore';
import {
  readStored,
  seedCommentCopies,
  seedSuspension,
} from '../../../tests/support/app/moderation';
import { FAN_EMAIL, renderApp, resetApp } from '../../../tests/support/app/renderApp';

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
/** A comment line's 'author: text' (its first element; the buttons follow it). */
const lineOf = (item: HTMLElement) => item.firstElementChild?.textContent;
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

  it('a post with more than 8 comments offers them all, counting its own and its counters', async () => {
    const [nine] = await seedPosts([buildPost({ title: 'Nine comments', comments: many(9) })]);
    await renderApp({ user: FAN_EMAIL });
    const nineCard = screen.getByRole('article', { name: nine.title });
    expect(
      await within(nineCard).findByRole('button', { name: 'Show all 9 comments' }),
    ).toBeVisible();
    expect(within(nineCard).queryAllByRole('listitem')).toEqual([]);
    expect(await readCommentTotal(nine.id)).toBe(9);
  });

  it('a fan comments on a post of more than 400 comments: there is no ceiling', async () => {
    const [long] = await seedPosts([buildPost({ title: 'Long story', comments: many(401) })]);
    const { user } = await renderApp({ user: FAN_EMAIL });
    const longCard = screen.getByRole('article', { name: long.title });
    await within(longCard).findByRole('button', { name: 'Show all 401 comments' });
    expect(within(longCard).queryByText('Comments are closed')).toBeNull();
    const input = within(longCard).getByRole('textbox', { name: 'Add a comment...' });
    await user.type(input, 'Still counting{Enter}');
    await waitFor(() =>
      expect(within(longCard).getAllByRole('listitem').map(lineOf)).toEqual([
        `${FAN_EMAIL}: Still counting`,
      ]),
    );
    expect(input).toHaveValue('');
    expect(within(longCard).getByRole('button', { name: 'Show all 402 comments' })).toBeVisible();
    expect(await readCommentTotal(long.id)).toBe(402);
    expect((await readPost(long.id))?.comments.at(-1)?.text).toBe('Still counting');
  });
});

/** `count` comments by different fans, a minute apart. */
function many(count: number): SeedPost['comments'] {
  return Array.from({ length: count }, (_, index) => ({
    user: `fan${index}@example.com`,
    text: `Comment ${index}`,
    date: '01/01/2025, 10:00:00',
  }));
}

describe('a suspended fan', () => {
  it("sees until when they can't comment, and no Report buttons", async () => {
    await seedSuspension(await signIn(FAN_EMAIL), new Date(Date.now() + 24 * 3_600_000));
    await renderApp({ user: FAN_EMAIL });
    const cards = await screen.findAllByText(/^You can't comment until /);
    expect(cards.length).toBeGreaterThan(0);
    // Each card's buttons learn of the suspension in a render of their own (a transition).
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument(),
    );
  });

  it('suspended for good: "You can\'t comment on this feed"', async () => {
    await seedSuspension(await signIn(FAN_EMAIL), null);
    await renderApp({ user: FAN_EMAIL });
    expect((await screen.findAllByText("You can't comment on this feed")).length).toBeGreaterThan(
      0,
    );
  });
});

/** The card's 'Comments:' line: the heading and the count beside it. */
const countLine = () =>
  within(card()).getByRole('heading', { name: 'Comments:' }).parentElement?.textContent;
/** The card's comment lines ('author: text'), without their buttons. */
const texts = () => within(card()).getAllByRole('listitem').map(lineOf);

describe.each<[LegacyShape, string]>([
  ['list', "the spec's shape: its comments only"],
  ['summary', 'its list with the summary beside it'],
])('a post an earlier version wrote (%s: %s)', (legacy) => {
  beforeEach(async () => {
    await resetApp();
    // A fresh sign-in: the page forgets a suspension an earlier test gave the fan.
    await signIn(FAN_EMAIL);
    // Stored twice: a list of an earlier version could hold a comment more than once.
    [post] = await seedPosts(
      [buildPost({ title: 'Winger agrees terms', comments: [rude, mine, rude] })],
      { legacy },
    );
  });

  it('shows every comment of its list, and takes a new one after them', async () => {
    const { user } = await renderApp({ user: FAN_EMAIL });
    await waitFor(() =>
      expect(texts()).toEqual([
        `${OTHER}: You are all clowns`,
        `${FAN_EMAIL}: My own take`,
        `${OTHER}: You are all clowns`,
      ]),
    );
    const input = await within(card()).findByRole('textbox', { name: 'Add a comment...' });
    await user.type(input, 'Still here{Enter}');
    // Refused first (the page cannot know of the list), then made again from the post as stored:
    // the list's comments stay where they are, and the thread's counters count the new one.
    await waitFor(() => expect(input).toHaveValue(''), { timeout: 15_000 });
    expect(within(card()).queryByRole('alert')).toBeNull();
    await within(card()).findByText('Still here');
    await waitFor(() => expect(countLine()).toBe('Comments:4'));
    // The card may offer the whole thread rather than show it (a summary that no longer holds it).
    const open = within(card()).queryByRole('button', { name: 'Show all 4 comments' });
    if (open) await user.click(open);
    await waitFor(() =>
      expect(texts()).toEqual([
        `${OTHER}: You are all clowns`,
        `${FAN_EMAIL}: My own take`,
        `${OTHER}: You are all clowns`,
        `${FAN_EMAIL}: Still here`,
      ]),
    );
    expect((await readPost(post.id))?.comments.map((comment) => comment.text)).toEqual([
      'You are all clowns',
      'My own take',
      'You are all clowns',
      'Still here',
    ]);
    expect(await readCommentTotal(post.id)).toBe(4);
  });

  it.each([
    ['without moderation copies', false],
    ['with their moderation copies', true],
  ])(
    'removing a comment of its list before the migration is refused, and says why (%s)',
    async (_, copies) => {
      if (copies) await seedCommentCopies(post, { [OTHER]: 'other-uid' });
      const { user } = await renderApp({ user: FAN_EMAIL });
      await waitFor(() => expect(texts()).toHaveLength(3));
      const own = line('My own take');
      if (!own) throw new Error('no comment line');
      await user.click(within(own).getByRole('button', { name: 'Remove' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Remove this comment?' });
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

      const alert = await within(own).findByRole('alert');
      // Said as refused, next to the comment; not as a passing failure, nor as the fan's rights.
      expect(alert).toHaveTextContent(/^Not removed: /);
      expect(alert).toHaveTextContent(/written before the site's last update/);
      expect(alert).not.toHaveTextContent(/not allowed|cannot be reached/);
      // Still shown, and still stored.
      expect(texts()).toHaveLength(3);
      expect((await readPost(post.id))?.comments).toHaveLength(3);
    },
  );
});
