import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildPosts, seedPosts } from '../../../tests/support/app/firestore';
import { renderApp, resetApp } from '../../../tests/support/app/renderApp';

beforeEach(resetApp);

const articles = () => within(screen.getByRole('feed')).queryAllByRole('article');
/**
 * How many cards the feed shows, for waiting on: a role query walks the accessibility tree of
 * every card (seconds on a loaded machine), and waitFor runs its check on each of the feed's
 * renders, so a role query there starved the renders it waited for. The cards are asserted by role
 * once the count is reached.
 */
const shownCards = () => document.querySelectorAll('[role="feed"] article').length;
const titles = () =>
  articles().map(
    (article) =>
      article.getAttribute('aria-labelledby') &&
      within(article).getByRole('heading', { level: 3 }).textContent,
  );

describe('a visitor reading the feed', () => {
  it('sees the newest 35 posts, then pages of 35 with Load More until it disappears', async () => {
    await seedPosts(buildPosts(80));
    const { user } = await renderApp();

    expect(articles()).toHaveLength(35);
    expect(titles()[0]).toBe('Post 1');
    expect(titles()[34]).toBe('Post 35');
    expect(screen.queryByText('Loading more...')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(shownCards()).toBe(70));
    expect(articles()).toHaveLength(70);
    expect(titles().slice(34, 36)).toEqual(['Post 35', 'Post 36']);
    expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'false');

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(shownCards()).toBe(80));
    expect(articles()).toHaveLength(80);
    expect(titles().at(-1)).toBe('Post 80');
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('shows no Load More when exactly one page exists (never an empty next page)', async () => {
    await seedPosts(buildPosts(35));
    await renderApp();
    expect(articles()).toHaveLength(35);
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('ends after the second page when there are exactly 70 posts', async () => {
    await seedPosts(buildPosts(70));
    const { user } = await renderApp();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(shownCards()).toBe(70));
    expect(articles()).toHaveLength(70);
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('says so when there are no posts at all', async () => {
    await renderApp();
    expect(articles()).toHaveLength(0);
    expect(screen.getByText(/No posts yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('follows the ARIA feed pattern: named feed, articles labelled by their titles, positions', async () => {
    await seedPosts(buildPosts(40));
    await renderApp();
    const feed = screen.getByRole('feed', { name: 'Transfer news' });
    const first = within(feed).getByRole('article', { name: 'Post 1' });
    expect(first).toHaveAttribute('aria-posinset', '1');
    expect(first).toHaveAttribute('aria-setsize', '-1');
    expect(first).toHaveAttribute('tabindex', '0');
  });
});
