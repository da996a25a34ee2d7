import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  buildPost,
  readPost,
  readPosts,
  seedPosts,
  type StoredPost,
} from '../../../tests/support/app/firestore';
import { FAN_EMAIL, renderApp, resetApp } from '../../../tests/support/app/renderApp';

let posts: StoredPost[];

beforeEach(async () => {
  await resetApp();
  posts = await seedPosts([
    buildPost({ title: 'Keeper talks', content: 'Talks are ongoing.', status: 'Talks' }),
    buildPost({ title: 'Stadium news', content: 'New seats in the north stand.' }),
    buildPost({ title: 'Winger wanted', content: 'An offer went in.', status: 'Bid made' }),
    // Written by hand or by a future version: not one of the list, so it reads as no status.
    buildPost({ title: 'Odd status', content: 'Stored oddly.', status: 'talks ' }),
  ]);
});

const card = (title: string) => screen.getByRole('article', { name: title });
/** The badge: what a screen reader hears is its whole text, 'Deal status: Talks'. */
const badgeIn = (title: string) =>
  within(card(title)).queryByText(/^Deal status:$/)?.parentElement ?? null;
const statusSelect = (container: HTMLElement) =>
  within(container).getByRole('combobox', { name: 'Deal status' });

describe('the deal status', () => {
  it('is shown as words next to the time, and not at all on posts without one', async () => {
    await renderApp();
    const badge = badgeIn('Keeper talks');
    expect(badge).toHaveTextContent('Deal status: Talks');
    // Next to the time, in the card's header.
    expect(badge?.previousElementSibling?.tagName).toBe('TIME');
    expect(badgeIn('Stadium news')).toBeNull();
    expect(badgeIn('Odd status')).toBeNull();
    expect(within(card('Odd status')).getByText('Stored oddly.')).toBeInTheDocument();
  });

  it('is searchable, ignoring case', async () => {
    const { user } = await renderApp();
    const search = screen.getByRole('searchbox', { name: 'Search posts' });
    // Only the status says it: neither the title nor the content does.
    await user.type(search, 'BID MADE');
    await waitFor(() =>
      expect(screen.getByText('1 of 4 loaded posts matches')).toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Winger wanted' })).toBeVisible();
    expect(screen.queryByRole('article', { name: 'Keeper talks' })).toBeNull();

    // A stored value outside the list is no status, so it is not searched either.
    await user.clear(search);
    await user.type(search, 'talks ');
    // The search renders once the keystroke has painted: the last search's count says the same.
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Keeper talks' })).toBeVisible(),
    );
    expect(screen.getByText('1 of 4 loaded posts matches')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Winger wanted' })).toBeNull();
  });

  it('is picked in the post form (default none), stored, shown, and the form starts again at none', async () => {
    const { user } = await renderApp({ user: 'admin' });
    const form = await screen.findByRole('region', { name: 'New post' });
    const select = statusSelect(form);
    expect(select).toHaveDisplayValue('No status');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'No status',
      'Rumour',
      'Talks',
      'Bid made',
      'Agreed',
      'Medical',
      'Done deal',
      'Collapsed',
    ]);
    await user.type(within(form).getByRole('textbox', { name: 'Post title' }), 'Striker medical');
    await user.type(within(form).getByRole('textbox', { name: 'Post content' }), 'Booked today.');
    await user.selectOptions(select, 'Medical');
    await user.click(within(form).getByRole('button', { name: 'Post' }));

    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    expect(screen.getAllByRole('article')[0]).toHaveAccessibleName('Striker medical');
    expect(badgeIn('Striker medical')).toHaveTextContent('Deal status: Medical');
    expect(select).toHaveDisplayValue('No status');
    expect((await readPosts())[0]).toMatchObject({ title: 'Striker medical', status: 'Medical' });
  });

  it('left at none, the post is stored exactly as the spec has it: no status field', async () => {
    const { user } = await renderApp({ user: 'admin' });
    const form = await screen.findByRole('region', { name: 'New post' });
    await user.type(within(form).getByRole('textbox', { name: 'Post title' }), 'Plain news');
    await user.type(within(form).getByRole('textbox', { name: 'Post content' }), 'Just text.');
    await user.click(within(form).getByRole('button', { name: 'Post' }));
    await screen.findByRole('article', { name: 'Plain news' });
    expect(badgeIn('Plain news')).toBeNull();
    expect((await readPosts())[0]).not.toHaveProperty('status');
  });

  it('is changed in the editor, then removed with "No status"; the content is kept', async () => {
    const { user } = await renderApp({ user: 'admin' });
    const article = card('Keeper talks');
    await user.click(await within(article).findByRole('button', { name: 'Edit' }));
    const select = await waitFor(() => statusSelect(article));
    expect(select).toHaveDisplayValue('Talks');
    await user.selectOptions(select, 'Agreed');
    await user.click(within(article).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(badgeIn('Keeper talks')).toHaveTextContent('Deal status: Agreed'));
    const { id, ...unchanged } = posts[0];
    expect(await readPost(id)).toEqual({ id, ...unchanged, status: 'Agreed' });

    await user.click(await within(article).findByRole('button', { name: 'Edit' }));
    await user.selectOptions(await waitFor(() => statusSelect(article)), 'No status');
    await user.click(within(article).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(badgeIn('Keeper talks')).toBeNull());
    const stored = await readPost(id);
    expect(stored).not.toHaveProperty('status');
    expect(stored).toMatchObject({ content: 'Talks are ongoing.' });
  });

  it('Cancel in the editor keeps the status as it was', async () => {
    const { user } = await renderApp({ user: 'admin' });
    const article = card('Keeper talks');
    await user.click(await within(article).findByRole('button', { name: 'Edit' }));
    await user.selectOptions(await waitFor(() => statusSelect(article)), 'Collapsed');
    await user.click(within(article).getByRole('button', { name: 'Cancel' }));
    expect(badgeIn('Keeper talks')).toHaveTextContent('Deal status: Talks');
    expect(await readPost(posts[0].id)).toEqual(posts[0]);
  });

  it('offers no way to set it to a fan', async () => {
    await renderApp({ user: FAN_EMAIL });
    expect(screen.queryByRole('combobox', { name: 'Deal status' })).toBeNull();
    expect(within(card('Keeper talks')).queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
