/**
 * The post the club pins on top: every visitor sees it first, marked 'Pinned', the newest posts
 * below it in order and without it; a shared link's post comes before it; the administrator pins
 * and unpins from the post's actions; a pin moved elsewhere reaches the open page at the next live
 * check. Against the real emulator; timers faked only so that the live interval passes at once.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_EVERY_MS } from '../live/state/liveChecks';
import {
  buildPosts,
  pinElsewhere,
  readPost,
  seedPosts,
  type StoredPost,
} from '../../../tests/support/app/firestore';
import { openPermalink, renderApp, resetApp } from '../../../tests/support/app/renderApp';

let posts: StoredPost[];
beforeEach(async () => {
  await resetApp();
  posts = await seedPosts(buildPosts(40));
});

const articles = () => within(screen.getByRole('feed')).getAllByRole('article');
const ids = () => articles().map((article) => article.getAttribute('data-post-id'));
const newestFirst = (except: StoredPost[]) =>
  posts.filter((post) => !except.includes(post)).map((post) => post.id);

describe('the pinned post', () => {
  it('is listed first, marked Pinned, then the newest posts in order, not repeated', async () => {
    const pinned = posts[2];
    await pinElsewhere(pinned.id);
    const { user } = await renderApp();
    const first = articles()[0];
    expect(first).toHaveAccessibleName(pinned.title);
    expect(within(first).getByText('Pinned')).toBeVisible();
    expect(screen.getAllByText('Pinned')).toHaveLength(1);
    // It counts in the page of 35, none twice.
    expect(ids().slice(1)).toEqual(newestFirst([pinned]).slice(0, 34));

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(articles()).toHaveLength(40));
    expect(ids()).toEqual([pinned.id, ...newestFirst([pinned])]);
  });

  it('from past the first page: on top, and Load More does not list it again', async () => {
    const pinned = posts[38];
    await pinElsewhere(pinned.id);
    const { user } = await renderApp();
    expect(ids()[0]).toBe(pinned.id);
    expect(articles()).toHaveLength(35);
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(articles()).toHaveLength(40));
    expect(ids()).toEqual([pinned.id, ...newestFirst([pinned])]);
  });

  it('comes after a shared link’s post, each marked', async () => {
    const pinned = posts[5];
    const shared = posts[30];
    await pinElsewhere(pinned.id);
    openPermalink(shared.id);
    await renderApp();
    await screen.findByText('Shared post');
    expect(ids().slice(0, 3)).toEqual([shared.id, pinned.id, posts[0].id]);
    expect(within(articles()[1]).getByText('Pinned')).toBeVisible();
  });

  it('is not marked nor moved when nothing is pinned (posts written before pins existed)', async () => {
    await renderApp();
    expect(screen.queryByText('Pinned')).toBeNull();
    expect(ids()).toEqual(newestFirst([]).slice(0, 35));
  });
});

describe('the administrator pins and unpins', () => {
  it('pins the third-newest post on top, then another in its place, then unpins', async () => {
    const { user } = await renderApp({ user: 'admin' });
    const third = screen.getByRole('article', { name: posts[2].title });
    await user.click(await within(third).findByRole('button', { name: 'Pin to top' }));
    await waitFor(() => expect(ids()[0]).toBe(posts[2].id));
    expect(within(articles()[0]).getByText('Pinned')).toBeVisible();
    expect(await readPost(posts[2].id)).toMatchObject({ pinned: true });

    const fifth = screen.getByRole('article', { name: posts[4].title });
    await user.click(await within(fifth).findByRole('button', { name: 'Pin to top' }));
    await waitFor(() => expect(ids()[0]).toBe(posts[4].id));
    expect(ids().slice(1, 5)).toEqual(newestFirst([posts[4]]).slice(0, 4));
    expect(await readPost(posts[2].id)).not.toHaveProperty('pinned', true);

    const top = articles()[0];
    await user.click(await within(top).findByRole('button', { name: 'Unpin' }));
    await waitFor(() => expect(ids()).toEqual(newestFirst([]).slice(0, 35)));
    expect(screen.queryByText('Pinned')).toBeNull();
  });
});

describe('a pin moved elsewhere', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'performance'],
      shouldAdvanceTime: true,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reaches the open page at the next live check: the new one on top, the old one back in place', async () => {
    await pinElsewhere(posts[2].id);
    await renderApp();
    expect(ids()[0]).toBe(posts[2].id);

    await pinElsewhere(posts[6].id);
    await act(() => vi.advanceTimersByTimeAsync(CHECK_EVERY_MS));
    await waitFor(() => expect(ids()[0]).toBe(posts[6].id));
    expect(ids().slice(1, 8)).toEqual(newestFirst([posts[6]]).slice(0, 7));
    expect(screen.getAllByText('Pinned')).toHaveLength(1);

    await pinElsewhere(null);
    await act(() => vi.advanceTimersByTimeAsync(CHECK_EVERY_MS));
    await waitFor(() => expect(screen.queryByText('Pinned')).toBeNull());
    // The post unpinned is back in its place among the page's.
    expect(ids()).toEqual(newestFirst([]).slice(0, 35));
  });
});
