import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildPost,
  buildPosts,
  deleteStoredPost,
  seedPosts,
  type StoredPost,
} from '../../../tests/support/app/firestore';
import { startFirestoreProxy } from '../../../tests/support/app/proxy';
import {
  FAN_EMAIL,
  openPermalink,
  renderApp,
  resetApp,
} from '../../../tests/support/app/renderApp';

// This file's app talks to Firestore through a proxy that can refuse requests (src/ has no
// test-only paths; it is only configuration), to show a failed read of the shared post.
const PROXY_PORT = await vi.hoisted(async () =>
  (await import('../../../tests/support/app/proxyPort')).routeAppThroughProxy(0),
);

const proxy = await startFirestoreProxy(PROXY_PORT);
afterAll(() => proxy.close());
// The title index.html gives the page.
const NORMAL_TITLE = 'Northbridge FC Transfer News';
beforeEach(async () => {
  await resetApp();
  document.title = NORMAL_TITLE;
});

const articles = () => within(screen.getByRole('feed')).getAllByRole('article');
const names = () => articles().map((article) => article.getAttribute('data-post-id'));
const sharedLabel = () => screen.findByText('Shared post');

describe('a permalink (/?post=<id>)', () => {
  let posts: StoredPost[];
  beforeEach(async () => {
    posts = await seedPosts(buildPosts(40));
  });

  it('shows a post past the first page first, highlighted, then the newest posts; Load More as before', async () => {
    const old = posts[37];
    openPermalink(old.id);
    const { user } = await renderApp();
    const label = await sharedLabel();
    const first = articles()[0];
    expect(first).toHaveAccessibleName(old.title);
    expect(first).toContainElement(label);
    expect(first).toHaveClass('post--shared');
    expect(articles()[1]).toHaveAccessibleName('Post 1');
    expect(articles()[1]).not.toHaveClass('post--shared');
    expect(articles()).toHaveLength(36);
    // The notice sets the title in an effect, possibly after the card shows its label.
    await waitFor(() => expect(document.title).toBe(`${old.title} – ${NORMAL_TITLE}`));

    // Load More brings the rest; the shared post is not listed a second time.
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(articles()).toHaveLength(40));
    expect(names()[0]).toBe(old.id);
    expect(names().filter((id) => id === old.id)).toHaveLength(1);
    expect(names().slice(1)).toEqual(posts.filter((post) => post !== old).map((post) => post.id));
  });

  it('a post that is also on the first page is shown once, at the top', async () => {
    openPermalink(posts[4].id);
    await renderApp();
    await sharedLabel();
    expect(names()[0]).toBe(posts[4].id);
    expect(names()).toHaveLength(35);
    expect(names().filter((id) => id === posts[4].id)).toHaveLength(1);
    expect(names().slice(1, 5)).toEqual(posts.slice(0, 4).map((post) => post.id));
  });

  it("an unknown id says 'This post is no longer available' above the normal feed", async () => {
    openPermalink('no-such-post');
    await renderApp();
    await screen.findByText('This post is no longer available');
    expect(articles()).toHaveLength(35);
    expect(articles()[0]).toHaveAccessibleName('Post 1');
    expect(screen.queryByText('Shared post')).toBeNull();
    expect(document.title).toBe(NORMAL_TITLE);
  });

  it.each([['a/b'], ['..'], ['__reserved__'], ['']])(
    'a malformed id (%j) reads as unknown, without asking the server',
    async (id) => {
      openPermalink(id);
      proxy.seen.length = 0;
      await renderApp();
      expect(screen.getByText('This post is no longer available')).toBeInTheDocument();
      expect(proxy.seen.filter((path) => path.includes('/documents/posts/'))).toEqual([]);
      expect(articles()).toHaveLength(35);
    },
  );

  it('a read that fails once (Firestore unavailable) shows the post all the same', async () => {
    proxy.fail('/documents/posts/', 503);
    openPermalink(posts[37].id);
    await renderApp();
    await sharedLabel();
    expect(articles()[0]).toHaveAccessibleName(posts[37].title);
    expect(screen.queryByText('The shared post could not be loaded.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('a read that fails three times says so with Retry (not "no longer available"), and Retry shows the post', async () => {
    proxy.fail('/documents/posts/', 503, 3);
    openPermalink(posts[37].id);
    const { user } = await renderApp();
    await screen.findByText('The shared post could not be loaded.');
    expect(screen.queryByText('This post is no longer available')).toBeNull();
    expect(articles()[0]).toHaveAccessibleName('Post 1');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await sharedLabel();
    expect(articles()[0]).toHaveAccessibleName(posts[37].title);
    expect(screen.queryByText('The shared post could not be loaded.')).toBeNull();
  });

  it('a post deleted before the link is opened is no longer available', async () => {
    await deleteStoredPost(posts[37].id);
    openPermalink(posts[37].id);
    await renderApp();
    await screen.findByText('This post is no longer available');
    expect(screen.queryByText('Shared post')).toBeNull();
  });
});

describe('changes made in this tab reach the shared post', () => {
  it("a fan's comment shows on the shared card", async () => {
    const posts = await seedPosts(buildPosts(40));
    openPermalink(posts[39].id);
    const { user } = await renderApp({ user: FAN_EMAIL });
    await sharedLabel();
    const card = articles()[0];
    await user.type(
      await within(card).findByRole('textbox', { name: 'Add a comment...' }),
      'Welcome!',
    );
    await user.click(within(card).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(within(card).getByRole('listitem')).toHaveTextContent('Welcome!'));
  });

  it('the administrator deletes it: gone from the feed, no longer available, the normal title', async () => {
    const [shared] = await seedPosts([buildPost({ title: 'Shared story' }), buildPost()]);
    openPermalink(shared.id);
    const { user } = await renderApp({ user: 'admin' });
    await sharedLabel();
    await waitFor(() => expect(document.title).toBe(`Shared story – ${NORMAL_TITLE}`));
    const card = screen.getByRole('article', { name: 'Shared story' });
    await user.click(await within(card).findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this post?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByText('This post is no longer available');
    expect(screen.queryByRole('article', { name: 'Shared story' })).toBeNull();
    expect(articles()).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe(NORMAL_TITLE));
  });
});

describe('Share', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'share');
  });

  it("without the Web Share API copies the link and says 'Link copied' for a few seconds", async () => {
    const [post] = await seedPosts([buildPost({ title: 'Striker signs' })]);
    const { user } = await renderApp();
    expect('share' in navigator).toBe(false);
    const card = screen.getByRole('article', { name: 'Striker signs' });
    const button = within(card).getByRole('button', { name: 'Share' });
    expect(button).toHaveAccessibleDescription('Striker signs');
    await user.click(button);
    await waitFor(() => expect(button).toHaveTextContent('Link copied'));
    // Said once, politely: the button sits in a live region, and the words appear once.
    expect(button.closest('[aria-live="polite"]')).not.toBeNull();
    expect(within(card).getAllByText('Link copied')).toHaveLength(1);
    expect(await navigator.clipboard.readText()).toBe(
      `${location.origin}/?post=${encodeURIComponent(post.id)}`,
    );
    await waitFor(() => expect(button).toHaveTextContent('Share'));
  });

  it('uses the Web Share API where the browser has it (a cancelled share is not an error)', async () => {
    const [post] = await seedPosts([buildPost({ title: 'Loan agreed' })]);
    const share = vi.fn((_data: ShareData) =>
      Promise.reject(new DOMException('Share canceled', 'AbortError')),
    );
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { user } = await renderApp();
    await navigator.clipboard.writeText('before');
    const card = screen.getByRole('article', { name: 'Loan agreed' });
    await user.click(within(card).getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Loan agreed',
      url: `${location.origin}/?post=${encodeURIComponent(post.id)}`,
    });
    expect(within(card).getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(within(card).queryByText('Could not share or copy the link')).toBeNull();
    expect(await navigator.clipboard.readText()).toBe('before');
  });
});
