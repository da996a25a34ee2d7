import { summariseComments } from '../comments/data/commentList';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Feed } from './components/Feed';
import type { Post } from '../../shared/posts/post';
import { toPost } from '../../shared/posts/postDecode';
import type { FeedModel } from './hooks/useFeed';
import type { AppUser } from '../../shared/permissions/permissions';
import { installDialogPolyfill } from '../../../tests/support/app/dialogPolyfill';

installDialogPolyfill();

/**
 * A long feed renders only the cards near the screen
 * (src/features/feed/components/VirtualCards.tsx). jsdom lays nothing out: every card counts as
 * 32rem tall and the screen as jsdom's 768 px, so two cards are near the top of the list.
 */
const POSTS: Post[] = Array.from({ length: 40 }, (_, index) =>
  toPost(`post-${index + 1}`, {
    title: `Story ${index + 1}`,
    content: index % 2 === 0 ? 'An odd-numbered story.' : 'An even-numbered story.',
    imageUrl: '/images/stadium-night.svg',
    created: Date.UTC(2026, 0, 1) - index * 3_600_000,
    // The fan's own comment on Story 2, which they may remove.
    ...summariseComments(
      index === 1 ? [{ user: 'fan@example.com', text: 'Mine', date: '1/1/2026' }] : [],
    ),
  }),
);
const FAN: AppUser = { uid: 'fan', email: 'fan@example.com', emailVerified: true, google: true };
/** Fewer posts than the default threshold: windowed only because the test says so. */
const WINDOW_FROM = 10;

function feedOf(posts: Post[]): FeedModel {
  return {
    posts,
    incoming: [],
    deletedElsewhere: new Set(),
    nextCursor: null,
    status: 'ready',
    firstPage: false,
    readTime: null,
    shared: null,
    pinned: null,
    held: null,
    changedAt: null,
    hasMore: false,
    loadMore: () => {},
    retry: () => {},
    showIncoming: () => {},
    retryShared: () => {},
  };
}

async function renderFeed(query = '', windowFrom = WINDOW_FROM) {
  const feed = feedOf(POSTS);
  const view = render(<Feed feed={feed} query={query} user={FAN} windowFrom={windowFrom} />);
  // The feed is busy until its cards are in; a long one first loads its virtual list's code.
  await waitFor(() => expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'false'));
  const search = async (next: string) => {
    view.rerender(<Feed feed={feed} query={next} user={FAN} windowFrom={windowFrom} />);
    // The search renders once the keystroke has painted: after the next frame, then a task.
    await act(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  };
  return { search };
}

function articleNames(): string[] {
  return screen
    .getAllByRole('article')
    .map((article) => within(article).getByRole('heading', { level: 3 }).textContent ?? '');
}

/** The reader scrolls so that the list's top edge is `top` px above the screen's. */
async function scrollListTo(top: number) {
  const list = screen.getByRole('feed');
  vi.spyOn(list, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, -top, 800, 40 * 528));
  await act(async () => {
    fireEvent.scroll(window);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

describe('a long feed', () => {
  it('renders only the cards near the screen, each saying its place in the whole list', async () => {
    await renderFeed();
    expect(articleNames()).toEqual(['Story 1', 'Story 2']);
    const [first, second] = screen.getAllByRole('article');
    expect(first).toHaveAttribute('aria-posinset', '1');
    expect(second).toHaveAttribute('aria-posinset', '2');
    expect(first).toHaveAttribute('aria-setsize', '40');
    // A rendered card is near the screen by now: its picture need not wait to scroll into view.
    expect(within(second).getByRole('img')).toHaveAttribute('loading', 'eager');
    expect(within(second).getByRole('img')).toHaveAttribute('fetchpriority', 'auto');
  });

  it('renders every card up to the threshold, pictures after the first lazily', async () => {
    await renderFeed('', POSTS.length);
    const all = screen.getAllByRole('article');
    expect(all).toHaveLength(40);
    expect(within(all[0]).getByRole('img')).toHaveAttribute('fetchpriority', 'high');
    expect(within(all[1]).getByRole('img')).toHaveAttribute('loading', 'lazy');
  });

  it('moves with the reader: further down, the cards there replace the first ones', async () => {
    await renderFeed();
    // 3,000 px down: cards 6 to 8 (528 px apart) are on screen or within a quarter screen of it.
    await scrollListTo(3000);
    expect(articleNames()).toEqual(['Story 6', 'Story 7', 'Story 8']);
    expect(screen.getAllByRole('article')[0]).toHaveAttribute('aria-posinset', '6');
  });

  it('shows the first matches of a search, numbered among the matches', async () => {
    const { search } = await renderFeed();
    await search('even-numbered');
    expect(articleNames()).toEqual(['Story 2', 'Story 4']);
    const [first] = screen.getAllByRole('article');
    expect(first).toHaveAttribute('aria-posinset', '1');
    expect(first).toHaveAttribute('aria-setsize', '20');
  });

  it('never drops a comment being typed: its card stays through searches and scrolling', async () => {
    const user = userEvent.setup();
    const { search } = await renderFeed();
    const story1 = screen.getByRole('article', { name: 'Story 1' });
    await user.type(within(story1).getByRole('textbox', { name: 'Add a comment...' }), 'Great');
    await user.click(document.body); // focus leaves the card; the draft alone holds it now

    await scrollListTo(3000);
    expect(articleNames()).toEqual(['Story 1', 'Story 6', 'Story 7', 'Story 8']);

    await search('even-numbered'); // Story 1 is odd-numbered: hidden, still there
    expect(articleNames()).toEqual(['Story 12', 'Story 14', 'Story 16']); // matches 6 to 8
    expect(screen.getByDisplayValue('Great')).not.toBeVisible();

    await search('');
    await scrollListTo(0);
    const back = screen.getByRole('article', { name: 'Story 1' });
    expect(within(back).getByRole('textbox', { name: 'Add a comment...' })).toHaveValue('Great');
  });

  it('keeps the card that has focus, and lets it go once focus leaves', async () => {
    await renderFeed();
    const story2 = screen.getByRole('article', { name: 'Story 2' });
    act(() => story2.focus());
    await scrollListTo(3000);
    expect(articleNames()).toEqual(['Story 2', 'Story 6', 'Story 7', 'Story 8']);
    expect(story2).toHaveFocus();

    act(() => story2.blur());
    await waitFor(() => expect(articleNames()).toEqual(['Story 6', 'Story 7', 'Story 8']));
  });

  it('keeps a card whose Remove confirmation is open, wherever the reader scrolls', async () => {
    const user = userEvent.setup();
    await renderFeed();
    const story2 = screen.getByRole('article', { name: 'Story 2' });
    await user.click(within(story2).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this comment?' });

    await scrollListTo(3000);
    expect(articleNames()).toEqual(['Story 2', 'Story 6', 'Story 7', 'Story 8']);
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Remove' })).toBeVisible();
  });
});
