import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildPost, buildPosts, seedPosts } from '../../../tests/support/app/firestore';
import { renderApp, resetApp } from '../../../tests/support/app/renderApp';

beforeEach(resetApp);

const articles = () => within(screen.getByRole('feed')).queryAllByRole('article');
const search = () => screen.getByRole('searchbox', { name: 'Search posts' });

describe('search (spec §5)', () => {
  it('matches title or content case-insensitively, says how many, and clears', async () => {
    await seedPosts([
      buildPost({ title: 'Quiroga completes medical', content: 'Passed.' }),
      buildPost({ title: 'Loan deal', content: 'Tomás QUIROGA leaves on loan.' }),
      buildPost({ title: 'Keeper signs', content: 'A new number one.' }),
    ]);
    const { user } = await renderApp();
    await user.type(search(), 'qUIROGA');
    // The search renders once the keystroke has painted, as a reader sees it.
    await screen.findByText('2 of 3 loaded posts match');
    expect(articles().map((article) => article.getAttribute('aria-posinset'))).toEqual(['1', '2']);
    expect(screen.getByRole('article', { name: 'Loan deal' })).toBeInTheDocument();
    // Said in a live region, so screen readers hear the count too.
    expect(screen.getByText('2 of 3 loaded posts match')).toHaveAttribute('role', 'status');

    await user.clear(search());
    await user.type(search(), 'no such transfer');
    await screen.findByText('No posts match');
    expect(articles()).toHaveLength(0);

    await user.clear(search());
    await waitFor(() => expect(articles()).toHaveLength(3));
    expect(screen.queryByText(/loaded posts? match/)).not.toBeInTheDocument();
  });

  it('searches only the posts already loaded, and finds more after Load More', async () => {
    const posts = buildPosts(36);
    posts[35] = { ...posts[35], title: 'Hidden gem on page two' };
    await seedPosts(posts);
    const { user } = await renderApp();
    await user.type(search(), 'hidden gem');
    await screen.findByText('No posts match');
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(articles()).toHaveLength(1));
    expect(screen.getByText('1 of 36 loaded posts matches')).toBeInTheDocument();
  });
});

describe('theme (spec §4 Theme)', () => {
  it('is dark by default, toggles to light and back, and is remembered', async () => {
    const { user } = await renderApp();
    const toggle = within(screen.getByRole('banner')).getByRole('button', { name: 'Dark theme' });
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(localStorage.getItem('feed.theme')).toBe('light');
    await user.click(toggle);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('feed.theme')).toBe('dark');
  });
});
