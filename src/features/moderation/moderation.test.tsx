/**
 * The administrator's moderation view against the real emulators: the latest comments
 * across posts, loaded or not, filtered, paged, acted on, and kept current by the feed's own
 * live check (timers faked only so that 30 seconds pass at once; every read is real).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_EVERY_MS } from '../live/state/liveChecks';
import { commentId } from '../comments/data/commentCopies';
import {
  buildPost,
  buildPosts,
  commentElsewhere,
  deleteStoredPost,
  readPost,
  seedPosts,
  type SeedPost,
  type StoredPost,
} from '../../../tests/support/app/firestore';
import { readStored, seedCommentCopies, storedIds } from '../../../tests/support/app/moderation';
import { ADMIN_EMAIL, FAN_EMAIL, renderApp, resetApp } from '../../../tests/support/app/renderApp';
import { ownerClient, toFields } from '../../../scripts/lib/ownerClient';
import { TEST_FIRESTORE_HOST } from '../../../scripts/lib/testPorts';
import { config } from '../../shared/config';

const TROLL = 'troll@example.com';
const KIND = 'kind@example.com';
const uids = { [TROLL]: 'troll-uid', [KIND]: 'kind-uid' };

let posts: StoredPost[];

beforeEach(async () => {
  await resetApp();
  // 40 posts: the last ones are on the feed's second page, never loaded by these tests.
  const built = buildPosts(40);
  built[0].comments = [{ user: KIND, text: 'Great news', date: '1/1/2025, 10:00:00' }];
  built[1].comments = [{ user: TROLL, text: 'Rubbish club', date: '1/1/2025, 10:01:00' }];
  built[38].comments = [{ user: TROLL, text: 'Old insult', date: '1/1/2025, 09:00:00' }];
  posts = await seedPosts(built);
  const base = Date.now() - 3_600_000;
  await seedCommentCopies(posts[38], uids, () => new Date(base));
  await seedCommentCopies(posts[0], uids, () => new Date(base + 60_000));
  await seedCommentCopies(posts[1], uids, () => new Date(base + 120_000));
});

afterEach(() => {
  vi.useRealTimers();
});

async function openModeration() {
  const rendered = await renderApp({ user: 'admin' });
  await rendered.user.click(screen.getByRole('button', { name: 'Moderation' }));
  const view = await screen.findByRole('region', { name: 'Moderation' });
  await waitFor(() => expect(items(view).length).toBeGreaterThan(0));
  return { ...rendered, view };
}

/** The listed comments, in the view's order. */
const items = (view: HTMLElement) =>
  within(view)
    .queryAllByRole('list', { name: 'Comments' })
    .flatMap((list) => within(list).getAllByRole('listitem'));

/** The listed comments' lines ('author: text'). */
const rows = (view: HTMLElement) =>
  items(view).map((item) => item.querySelector('.moderated__comment')?.textContent);

describe('the moderation view', () => {
  it('is only for the administrator', async () => {
    await renderApp({ user: FAN_EMAIL });
    expect(screen.queryByRole('button', { name: 'Moderation' })).not.toBeInTheDocument();
  });

  it("lists the latest comments across every post, newest first, with each post's title as a permalink", async () => {
    const { view } = await openModeration();
    expect(rows(view)).toEqual([
      `${TROLL}: Rubbish club`,
      `${KIND}: Great news`,
      `${TROLL}: Old insult`,
    ]);
    const oldRow = items(view)[2];
    const link = within(oldRow).getByRole('link', { name: posts[38].title });
    expect(link).toHaveAttribute('href', expect.stringContaining(`?post=${posts[38].id}`));
  });

  it("'Reported' lists only reported comments; Dismiss reports takes one off it", async () => {
    const id = await commentId(posts[0].id, posts[0].comments[0]);
    const client = ownerClient(`http://${TEST_FIRESTORE_HOST}`, config.firebase.projectId);
    await client.commit([
      {
        update: {
          name: client.name(`comments/${id}`),
          fields: toFields({ reports: 2, reported: true }),
        },
        updateMask: { fieldPaths: ['reports', 'reported'] },
      },
    ]);
    const { user, view } = await openModeration();
    await user.click(within(view).getByRole('radio', { name: 'Reported' }));
    await waitFor(() => expect(rows(view)).toEqual([`${KIND}: Great news`]));
    expect(within(view).getByText('2 reports')).toBeVisible();

    await user.click(within(view).getByRole('button', { name: 'Dismiss reports' }));
    await within(view).findByText('No comments to show');
    expect(await readStored(`comments/${id}`)).toMatchObject({ reports: 0, reported: false });
  });

  it('filters by author', async () => {
    const { user, view } = await openModeration();
    const trollRow = items(view)[0];
    await user.click(within(trollRow).getByRole('button', { name: 'Comments by this author' }));
    await waitFor(() =>
      expect(rows(view)).toEqual([`${TROLL}: Rubbish club`, `${TROLL}: Old insult`]),
    );
    await user.click(within(view).getByRole('button', { name: 'Show all authors' }));
    await waitFor(() => expect(rows(view)).toHaveLength(3));
  });

  it('Remove takes the comment off its post and the list', async () => {
    const { user, view } = await openModeration();
    const row = items(view)[1];
    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(rows(view)).toHaveLength(2));
    expect((await readPost(posts[0].id))?.comments).toEqual([]);
    expect(await storedIds('comments')).toHaveLength(2);
  });

  it('Suspend with "Also remove all their comments" removes them on every post, loaded or not; Lift suspension', async () => {
    const { user, view } = await openModeration();
    const trollRow = items(view)[0];
    await user.click(within(trollRow).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: `Suspend ${TROLL}?` });
    await user.click(within(dialog).getByRole('radio', { name: '7 days' }));
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Also remove all their comments' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));

    await waitFor(() => expect(rows(view)).toEqual([`${KIND}: Great news`]));
    expect((await readPost(posts[1].id))?.comments).toEqual([]);
    expect((await readPost(posts[38].id))?.comments).toEqual([]);
    const suspension = await readStored(`suspensions/${uids[TROLL]}`);
    const week = 7 * 24 * 3_600_000;
    expect(suspension).toMatchObject({ user: TROLL });
    expect(Number(suspension?.until)).toBeGreaterThan(Date.now() + week - 60_000);
    expect(Number(suspension?.until)).toBeLessThanOrEqual(Date.now() + week);

    const suspended = within(view).getByRole('region', { name: 'Suspended accounts' });
    expect(suspended).toHaveTextContent(TROLL);
    await user.click(within(suspended).getByRole('button', { name: 'Lift suspension' }));
    await waitFor(() =>
      expect(within(view).queryByRole('region', { name: 'Suspended accounts' })).toBeNull(),
    );
    expect(await readStored(`suspensions/${uids[TROLL]}`)).toBeNull();
  });

  it('shows a new comment made elsewhere after the next live check', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'performance'],
      shouldAdvanceTime: true,
    });
    const { view } = await openModeration();
    const comment = { user: KIND, text: 'Welcome aboard', date: '1/1/2025, 11:00:00' };
    await commentElsewhere(posts[2].id, comment, uids[KIND]);
    await act(() => vi.advanceTimersByTimeAsync(CHECK_EVERY_MS));
    await waitFor(() => expect(rows(view)[0]).toBe(`${KIND}: Welcome aboard`));
  });

  it('pages by 35 with Load More', async () => {
    const [busy] = await seedPosts([buildPost({ title: 'Busy story', comments: replies(40) })]);
    await seedCommentCopies(busy, uids, (index) => new Date(Date.now() - 60_000 + index * 1000));
    const { user, view } = await openModeration();
    await waitFor(() => expect(items(view)).toHaveLength(35));
    expect(rows(view)[0]).toBe(`${KIND}: Reply 40`);
    await user.click(within(view).getByRole('button', { name: 'Load More' }));
    // The other 5 replies, then the three older comments; nothing twice.
    await waitFor(() => expect(items(view)).toHaveLength(43));
    expect(new Set(rows(view)).size).toBe(43);
    expect(within(view).queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('Remove works on a comment whose post was deleted, its thread not cleared: its documents go', async () => {
    // Reply 1 counted by its post's summary, Reply 9 by a counter.
    const [gone] = await seedPosts([buildPost({ title: 'Deleted story', comments: replies(9) })]);
    await seedCommentCopies(gone, uids, (index) => new Date(Date.now() - 60_000 + index * 1000));
    await deleteStoredPost(gone.id, 'cut short');
    const ids = await Promise.all(
      [gone.comments[0], gone.comments[8]].map((comment) => commentId(gone.id, comment)),
    );
    const { user, view } = await openModeration();
    await waitFor(() => expect(rows(view)).toHaveLength(12));

    for (const text of ['Reply 9', 'Reply 1']) {
      const row = items(view).find((item) => item.textContent.includes(`${KIND}: ${text}`));
      if (!row) throw new Error(`no row for ${text}`);
      await user.click(within(row).getByRole('button', { name: 'Remove' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Remove this comment?' });
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
      await waitFor(() => expect(rows(view)).not.toContain(`${KIND}: ${text}`));
    }
    expect(within(view).queryByRole('alert')).toBeNull();
    expect(rows(view)).toHaveLength(10);
    const copies = await storedIds('comments');
    for (const id of ids) {
      expect(copies).not.toContain(id);
      expect(await readStored(`posts/${gone.id}/comments/${id}`)).toBeNull();
    }
  });

  it("'Back to the feed' returns to the posts", async () => {
    const { user, view } = await openModeration();
    await user.click(within(view).getByRole('button', { name: 'Back to the feed' }));
    await screen.findByRole('feed');
    expect(screen.getByText(ADMIN_EMAIL)).toBeVisible();
  });
});

/** `count` replies by KIND, a minute apart. */
function replies(count: number): SeedPost['comments'] {
  return Array.from({ length: count }, (_, index) => ({
    user: KIND,
    text: `Reply ${index + 1}`,
    date: `1/1/2025, 12:${String(index).padStart(2, '0')}:00`,
  }));
}
