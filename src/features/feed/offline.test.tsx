import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildPost,
  buildPosts,
  readPost,
  seedPosts,
  type StoredPost,
} from '../../../tests/support/app/firestore';
import { ADMIN_EMAIL, FAN_EMAIL, renderApp, resetApp } from '../../../tests/support/app/renderApp';

/**
 * With no network (the browser's `navigator.onLine` false and its `offline` event), the page says
 * so and disables what needs the network, giving the reason; what is typed stays, and everything
 * works again when the network returns, without a reload.
 */
const NOTICE = 'Offline: showing saved posts';
const REASON = 'You are offline. This needs a connection.';

let online = true;

function setNetwork(next: boolean): void {
  online = next;
  act(() => {
    window.dispatchEvent(new Event(next ? 'online' : 'offline'));
  });
}

let newest: StoredPost;

beforeEach(async () => {
  await resetApp();
  online = true;
  // jsdom's navigator.onLine is always true; the browser's flips with the network.
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  const older = buildPosts(36, Date.now() - 60_000);
  [newest] = await seedPosts([
    buildPost({
      title: 'Keeper signs',
      created: Date.now(),
      comments: [{ user: ADMIN_EMAIL, text: 'Welcome!', date: '01/01/2025, 10:00:00' }],
    }),
    ...older,
  ]);
});

afterEach(() => {
  vi.restoreAllMocks();
  history.replaceState(null, '', '/');
});

const card = () => screen.getByRole('article', { name: 'Keeper signs' });

describe('offline', () => {
  it('says so at the top and disables every control that needs the network, with the reason', async () => {
    const { user } = await renderApp({ user: 'admin' });
    expect(screen.queryByText(NOTICE)).toBeNull();
    setNetwork(false);

    expect(
      screen.getAllByRole('status').find((status) => status.textContent === NOTICE),
    ).toBeTruthy();
    const controls = [
      screen.getByRole('button', { name: 'Load More' }),
      within(screen.getByRole('region', { name: 'New post' })).getByRole('button', {
        name: 'Post',
      }),
      within(card()).getByRole('button', { name: 'Post' }),
      within(card()).getByRole('button', { name: 'Edit' }),
      within(card()).getByRole('button', { name: 'Delete' }),
      within(card()).getByRole('button', { name: 'Remove' }),
    ];
    for (const control of controls) {
      expect(control).toBeDisabled();
      expect(control).toHaveAccessibleDescription(expect.stringContaining(REASON));
    }
    // What it acts on is still said, before the reason.
    expect(within(card()).getByRole('button', { name: 'Edit' })).toHaveAccessibleDescription(
      `Keeper signs ${REASON}`,
    );

    // Typing still works, and Enter sends nothing.
    const title = screen.getByRole('textbox', { name: 'Post title' });
    await user.type(title, 'Draft on the train');
    const comment = within(card()).getByRole('textbox', { name: 'Add a comment...' });
    await user.type(comment, 'Great news{Enter}');
    expect(title).toHaveValue('Draft on the train');
    expect(comment).toHaveValue('Great news');
    expect((await readPost(newest.id))?.comments).toHaveLength(1);
  });

  it('when the network returns: the notice goes, the controls work, what was typed is sent', async () => {
    const { user } = await renderApp({ user: 'admin' });
    setNetwork(false);
    const comment = within(card()).getByRole('textbox', { name: 'Add a comment...' });
    await user.type(comment, 'Typed offline');

    setNetwork(true);
    expect(screen.queryByText(NOTICE)).toBeNull();
    const send = within(card()).getByRole('button', { name: 'Post' });
    expect(send).toBeEnabled();
    expect(send).toHaveAccessibleDescription('Keeper signs');
    expect(comment).toHaveValue('Typed offline');
    await user.click(send);
    await waitFor(async () =>
      expect((await readPost(newest.id))?.comments.map((c) => c.text)).toEqual([
        'Welcome!',
        'Typed offline',
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(37));
  });

  it('sign-in is disabled offline, with the reason', async () => {
    await renderApp();
    setNetwork(false);
    const signIn = screen.getByRole('button', { name: 'Sign in with Google' });
    expect(signIn).toBeDisabled();
    expect(signIn).toHaveAccessibleDescription(REASON);
    setNetwork(true);
    expect(signIn).toBeEnabled();
    expect(signIn).not.toHaveAccessibleDescription(REASON);
  });

  it('Retry (of the feed and of a shared post) and Logout are disabled offline, with the reason', async () => {
    // The first page and the shared post fail to load, until the network is back.
    const realFetch = globalThis.fetch;
    let refuse = true;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const read = url.includes(':runQuery') || url.includes('/documents/posts/');
      if (refuse && read) return Promise.reject(new TypeError('Failed to fetch'));
      return realFetch(input, init);
    });
    history.replaceState(null, '', `/?post=${newest.id}`);
    const { user } = await renderApp({ user: FAN_EMAIL });
    const feedAlert = await screen.findByRole('alert');
    expect(feedAlert).toHaveTextContent('The posts could not be loaded.');
    await screen.findByText('The shared post could not be loaded.');
    const retries = screen.getAllByRole('button', { name: 'Retry' });
    expect(retries).toHaveLength(2);
    const logout = screen.getByRole('button', { name: 'Logout' });

    setNetwork(false);
    for (const control of [...retries, logout]) {
      expect(control).toBeDisabled();
      expect(control).toHaveAccessibleDescription(expect.stringContaining(REASON));
    }
    // The shared post's Retry still says what it retries.
    expect(retries[0]).toHaveAccessibleDescription(
      `The shared post could not be loaded. ${REASON}`,
    );

    refuse = false;
    setNetwork(true);
    for (const control of [...retries, logout]) expect(control).toBeEnabled();
    expect(logout).not.toHaveAccessibleDescription(REASON);
    await user.click(within(feedAlert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(35));
  });
});
