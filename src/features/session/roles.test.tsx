import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildPosts, seedPosts } from '../../../tests/support/app/firestore';
import { ADMIN_EMAIL, FAN_EMAIL, renderApp, resetApp } from '../../../tests/support/app/renderApp';

beforeEach(async () => {
  await resetApp();
  await seedPosts(buildPosts(3));
});

const commentInputs = () => screen.queryAllByRole('textbox', { name: 'Add a comment...' });
const adminForm = () => screen.queryByRole('textbox', { name: 'Post title' });
const editButtons = () => screen.queryAllByRole('button', { name: 'Edit' });
const deleteButtons = () => screen.queryAllByRole('button', { name: 'Delete' });

describe('each role sees exactly its controls (spec §6)', () => {
  it('a visitor: read, search and theme; sign in; no comment box, no admin controls', async () => {
    await renderApp({ user: null });
    expect(screen.getByRole('heading', { name: 'Login with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.queryByText('Logged in as:')).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveAttribute(
      'placeholder',
      'Search posts...',
    );
    expect(screen.getByRole('button', { name: /theme/i })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Comments:' })).toHaveLength(3);
    expect(commentInputs()).toHaveLength(0);
    expect(adminForm()).not.toBeInTheDocument();
    expect(editButtons()).toHaveLength(0);
    expect(deleteButtons()).toHaveLength(0);
  });

  it('a fan: the above plus a comment box and Post on every post; no admin controls', async () => {
    await renderApp({ user: FAN_EMAIL });
    expect(screen.getByText('Logged in as:')).toBeInTheDocument();
    expect(screen.getByText(FAN_EMAIL)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
    await waitFor(() => expect(commentInputs()).toHaveLength(3));
    for (const article of screen.getAllByRole('article')) {
      expect(within(article).getByRole('button', { name: 'Post' })).toBeInTheDocument();
    }
    expect(adminForm()).not.toBeInTheDocument();
    expect(editButtons()).toHaveLength(0);
    expect(deleteButtons()).toHaveLength(0);
  });

  it('the administrator: the above plus the post form, Edit and Delete on every post', async () => {
    await renderApp({ user: 'admin' });
    expect(screen.getByText(ADMIN_EMAIL)).toBeInTheDocument();
    expect(commentInputs()).toHaveLength(3);
    const form = await screen.findByRole('region', { name: 'New post' });
    for (const name of ['Post title', 'Post content', 'Image URL (optional)', 'Link (optional)']) {
      expect(within(form).getByRole('textbox', { name })).toHaveValue('');
    }
    expect(within(form).getByRole('button', { name: 'Post' })).toBeInTheDocument();
    // The admin controls are a lazy chunk; each card shows them once its boundary resolves.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(3));
    expect(deleteButtons()).toHaveLength(3);
  });

  it('the comment Post buttons say which post they belong to, keeping the name Post', async () => {
    await renderApp({ user: FAN_EMAIL });
    const article = screen.getByRole('article', { name: 'Post 2' });
    expect(within(article).getByRole('button', { name: 'Post' })).toHaveAccessibleDescription(
      'Post 2',
    );
  });
});
