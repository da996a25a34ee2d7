import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildPost,
  buildPosts,
  deleteStoredPost,
  readPosts,
  seedPosts,
} from '../../../tests/support/app/firestore';
import { PAGE_QUERY, POSTS_QUERY, startFirestoreProxy } from '../../../tests/support/app/proxy';
import { FAN_EMAIL, renderApp, resetApp } from '../../../tests/support/app/renderApp';

// Before the app's modules read their configuration: this file's app talks to Firestore through a
// proxy that can refuse or hold requests (src/ has no test-only paths; it is only configuration).
const PROXY_PORT = await vi.hoisted(async () =>
  (await import('../../../tests/support/app/proxyPort')).routeAppThroughProxy(0),
);

const proxy = await startFirestoreProxy(PROXY_PORT);
afterAll(() => proxy.close());
beforeEach(async () => {
  await resetApp();
  proxy.requests.length = 0;
});

const articles = () => within(screen.getByRole('feed')).queryAllByRole('article');

describe('reading fails or is slow', () => {
  /** The page queries the proxy was asked for. */
  const pageQueries = () => proxy.requests.filter(({ body }) => body.includes(PAGE_QUERY));

  it('a first page that fails once (Firestore unavailable) comes all the same, without an alert', async () => {
    await seedPosts(buildPosts(3));
    proxy.fail(PAGE_QUERY, 503);
    await renderApp();
    await waitFor(() => expect(articles()).toHaveLength(3));
    expect(pageQueries()).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a first page that fails three times says so with Retry, and Retry loads it', async () => {
    await seedPosts(buildPosts(3));
    proxy.fail(PAGE_QUERY, 503, 3);
    const { user } = await renderApp();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The posts could not be loaded.');
    expect(articles()).toHaveLength(0);
    expect(pageQueries()).toHaveLength(3);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(articles()).toHaveLength(3));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'Loading more...' and aria-busy while the next page loads", async () => {
    await seedPosts(buildPosts(40));
    const { user } = await renderApp();
    const held = proxy.hold(POSTS_QUERY);
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await held.arrived;
    expect(screen.getByText('Loading more...')).toBeInTheDocument();
    expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'true');
    held.release();
    await waitFor(() => expect(articles()).toHaveLength(40));
    expect(screen.queryByText('Loading more...')).not.toBeInTheDocument();
    expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'false');
  });

  it('a next page that times out once (deadline exceeded) comes all the same, without an alert', async () => {
    await seedPosts(buildPosts(40));
    const { user } = await renderApp();
    proxy.fail(PAGE_QUERY, 504);
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(articles()).toHaveLength(40));
    expect(pageQueries()).toHaveLength(3); // the first page, then Load More's two tries
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a next page that fails three times keeps the loaded posts and offers Retry', async () => {
    await seedPosts(buildPosts(40));
    const { user } = await renderApp();
    proxy.fail(PAGE_QUERY, 503, 3);
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('More posts could not be loaded.');
    expect(articles()).toHaveLength(35);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(articles()).toHaveLength(40));
  });
});

describe('a refused write shows a short alert and keeps what was typed', () => {
  it("a fan's comment", async () => {
    await seedPosts([buildPost({ title: 'Deal close' })]);
    const { user } = await renderApp({ user: FAN_EMAIL });
    const card = screen.getByRole('article', { name: 'Deal close' });
    const input = await within(card).findByRole('textbox', { name: 'Add a comment...' });
    await user.type(input, 'Please happen');
    proxy.fail(':commit', 403);
    await user.click(within(card).getByRole('button', { name: 'Post' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(/not allowed/);
    expect(input).toHaveValue('Please happen');
    expect(within(card).queryByRole('listitem')).toBeNull();

    // The next try goes through, and the message goes away.
    await user.click(within(card).getByRole('button', { name: 'Post' }));
    await within(card).findByText('Please happen');
    expect(input).toHaveValue('');
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it('a comment on a post deleted meanwhile', async () => {
    const [post] = await seedPosts([buildPost({ title: 'Gone soon' })]);
    const { user } = await renderApp({ user: FAN_EMAIL });
    await deleteStoredPost(post.id);
    const card = screen.getByRole('article', { name: 'Gone soon' });
    const input = within(card).getByRole('textbox', { name: 'Add a comment...' });
    await user.type(input, 'Still on?');
    await user.click(within(card).getByRole('button', { name: 'Post' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(/no longer exists/);
    expect(input).toHaveValue('Still on?');
  });

  it("the administrator's new post keeps every field", async () => {
    await seedPosts([buildPost()]);
    const { user } = await renderApp({ user: 'admin' });
    const form = await screen.findByRole('region', { name: 'New post' });
    const values = {
      'Post title': 'Centre-back deal agreed',
      'Post content': 'Personal terms are agreed.',
      'Image URL (optional)': 'https://example.com/cb.png',
      'Link (optional)': 'https://example.com/centre-back',
    };
    for (const [name, value] of Object.entries(values)) {
      await user.type(within(form).getByRole('textbox', { name }), value);
    }
    proxy.fail(':commit', 503);
    await user.click(within(form).getByRole('button', { name: 'Post' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(/cannot be reached/);
    for (const [name, value] of Object.entries(values)) {
      expect(within(form).getByRole('textbox', { name })).toHaveValue(value);
    }
    expect(screen.queryByRole('article', { name: values['Post title'] })).toBeNull();
    expect(await readPosts()).toHaveLength(1);
  });

  it("the administrator's edit keeps the edit box and its text", async () => {
    await seedPosts([buildPost({ title: 'Editable', content: 'Old text' })]);
    const { user } = await renderApp({ user: 'admin' });
    const card = screen.getByRole('article', { name: 'Editable' });
    await user.click(await within(card).findByRole('button', { name: 'Edit' }));
    const box = await within(card).findByRole('textbox', { name: 'Edit content' });
    await user.clear(box);
    await user.type(box, 'New text');
    proxy.fail(':commit', 403);
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByRole('alert')).toBeInTheDocument();
    expect(box).toHaveValue('New text');
    expect((await readPosts())[0].content).toBe('Old text');
  });

  it("the administrator's delete leaves the post in place", async () => {
    await seedPosts([buildPost({ title: 'Stays' })]);
    const { user } = await renderApp({ user: 'admin' });
    const card = screen.getByRole('article', { name: 'Stays' });
    await user.click(await within(card).findByRole('button', { name: 'Delete' }));
    proxy.fail(':commit', 503);
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(/Not deleted/);
    expect(screen.getByRole('article', { name: 'Stays' })).toBeInTheDocument();
  });
});
