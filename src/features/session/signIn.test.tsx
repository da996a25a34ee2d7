import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildPosts, seedPosts } from '../../../tests/support/app/firestore';
import { ADMIN_EMAIL, renderApp, resetApp } from '../../../tests/support/app/renderApp';

beforeEach(async () => {
  await resetApp();
  await seedPosts(buildPosts(2));
});

const chooser = () => screen.getByRole('dialog', { name: 'Choose an account' });

describe('signing in through the Auth emulator account chooser (spec §4 Auth)', () => {
  it('types an e-mail, signs in, sees it, stays signed in across a remount, logs out', async () => {
    const { user, unmount } = await renderApp({ user: null });
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    // The chooser's code loads when it first opens.
    await screen.findByRole('dialog', { name: 'Choose an account' });
    const dialog = chooser();
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    expect(email).toHaveFocus();
    await user.type(email, 'Someone.New@Example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));

    await screen.findByText('Logged in as:');
    expect(screen.getByText('someone.new@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Logout' })).toHaveFocus());
    expect(await screen.findAllByRole('textbox', { name: 'Add a comment...' })).toHaveLength(2);
    expect(localStorage.getItem('feed.signedIn')).toBe('1');

    unmount();
    const again = await renderApp({ user: 'someone.new@example.com' });
    expect(screen.getByText('someone.new@example.com')).toBeInTheDocument();

    await again.user.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('button', { name: 'Sign in with Google' });
    expect(screen.queryByText('Logged in as:')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('textbox', { name: 'Add a comment...' })).toHaveLength(0);
    expect(localStorage.getItem('feed.signedIn')).toBeNull();
  });

  it('offers the demo administrator and a demo fan with one click', async () => {
    const { user } = await renderApp({ user: null });
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    // The chooser's code loads when it first opens.
    await screen.findByRole('dialog', { name: 'Choose an account' });
    expect(within(chooser()).getByRole('button', { name: /fan@example\.com/ })).toBeInTheDocument();
    await user.click(within(chooser()).getByRole('button', { name: new RegExp(ADMIN_EMAIL) }));
    await screen.findByText(ADMIN_EMAIL);
    expect(await screen.findByRole('textbox', { name: 'Post title' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Post title' })).not.toBeInTheDocument(),
    );
  });

  it('Escape or Cancel closes the chooser without signing in; focus returns to the button', async () => {
    const { user } = await renderApp({ user: null });
    const trigger = screen.getByRole('button', { name: 'Sign in with Google' });
    await user.click(trigger);
    // The chooser's code loads when it first opens.
    await screen.findByRole('dialog', { name: 'Choose an account' });
    await user.type(within(chooser()).getByRole('textbox', { name: 'Email' }), 'x@example.com');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    // The chooser's code loads when it first opens.
    await screen.findByRole('dialog', { name: 'Choose an account' });
    await user.click(within(chooser()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(screen.queryByText('Logged in as:')).not.toBeInTheDocument();
  });

  it('an empty e-mail does nothing', async () => {
    const { user } = await renderApp({ user: null });
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    // The chooser's code loads when it first opens.
    await screen.findByRole('dialog', { name: 'Choose an account' });
    await user.click(within(chooser()).getByRole('button', { name: 'Sign in' }));
    expect(chooser()).toBeInTheDocument();
    expect(screen.queryByText('Logged in as:')).not.toBeInTheDocument();
  });
});
