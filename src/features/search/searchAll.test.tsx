/**
 * 'Search all posts' in the app, against the emulators: typing reads nothing; the search reads a
 * page of the posts whose words match, says how many and whether more remain, and Load More reads
 * the next; Enter does the same; several words keep only the posts with all of them.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPosts, seedPosts, type SeedPost } from '../../../tests/support/app/firestore';
import { refuseReads } from '../../../tests/support/app/refusals';
import { renderApp, resetApp } from '../../../tests/support/app/renderApp';

beforeEach(resetApp);
afterEach(() => {
  vi.unstubAllGlobals();
});

const search = () => screen.getByRole('searchbox', { name: 'Search posts' });
/** The results' section (its feed inside is named by the same heading). */
const results = () => screen.getAllByRole('region', { name: /^All posts matching/ })[0];
/** Cards render in the background a few at a time: a page of 35 takes jsdom a while. */
const RENDERED = { timeout: 10_000 };
const resultTitles = () =>
  within(screen.getByRole('feed', { name: /^All posts matching/ }))
    .queryAllByRole('article')
    .map((article) => within(article).getByRole('heading', { level: 3 }).textContent);

/** 80 posts: the newest 40 about others, the older 40 about Lindqvist (odd ones with Norrvik). */
function posts(): SeedPost[] {
  return buildPosts(80).map((post, n) =>
    n < 40
      ? post
      : { ...post, title: `Lindqvist story ${n}`, content: n % 2 ? 'From IFK Norrvik.' : 'Talks.' },
  );
}

/** The runQuery bodies the page sent that search posts by their words. */
function wordSearches(fetchSpy: { mock: { calls: unknown[][] } }): string[] {
  return fetchSpy.mock.calls.flatMap(([, init]) => {
    const body = (init as RequestInit | undefined)?.body; // fetch's second argument
    return typeof body === 'string' && body.includes('ARRAY_CONTAINS') ? [body] : [];
  });
}

describe('searching every post', () => {
  it('reads nothing while typing, a page on the button, and the next on Load More', async () => {
    await seedPosts(posts());
    const fetchSpy = vi.spyOn(window, 'fetch');
    const { user } = await renderApp();
    await user.type(search(), 'LINDQ');
    await screen.findByRole('button', { name: 'Search all posts' });
    expect(screen.getByText('No posts match')).toBeInTheDocument();
    expect(wordSearches(fetchSpy)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Search all posts' }));

    await waitFor(() =>
      expect(
        within(results()).getByText(
          '35 posts match “LINDQ” so far: Load More searches older posts',
        ),
      ).toBeVisible(),
    );
    const firstPage = posts()
      .slice(40, 75)
      .map((post) => post.title);
    await waitFor(() => expect(resultTitles()).toEqual(firstPage), RENDERED);
    expect(wordSearches(fetchSpy)).toHaveLength(1);
    expect(JSON.parse(wordSearches(fetchSpy)[0])).toMatchObject({
      structuredQuery: { where: { fieldFilter: { value: { stringValue: 'lindq' } } }, limit: 35 },
    });

    await user.click(within(results()).getByRole('button', { name: 'Load More' }));
    await waitFor(() =>
      expect(within(results()).getByText('40 posts match “LINDQ”')).toBeVisible(),
    );
    const everyMatch = posts()
      .slice(40)
      .map((post) => post.title);
    await waitFor(() => expect(resultTitles()).toEqual(everyMatch), RENDERED);
    expect(wordSearches(fetchSpy)).toHaveLength(2);
  });

  it('on Enter, with several words, keeps the posts having all of them and says it may find more', async () => {
    await seedPosts(posts());
    const { user } = await renderApp();
    await user.type(search(), 'norrvik lindqvist{Enter}');
    // The first page read holds 35 posts about Lindqvist; the odd ones name Norrvik too.
    const first = posts()
      .slice(40, 75)
      .filter((_, n) => (40 + n) % 2 === 1);
    await waitFor(() =>
      expect(
        within(results()).getByText(
          `${first.length} posts match “norrvik lindqvist” so far: Load More searches older posts`,
        ),
      ).toBeVisible(),
    );
    await waitFor(() => expect(resultTitles()).toEqual(first.map((post) => post.title)), RENDERED);

    // Typing on shows the loaded posts' search and the button again.
    await user.type(search(), 'x');
    await screen.findByRole('button', { name: 'Search all posts' });
    expect(screen.queryAllByRole('region', { name: /^All posts matching/ })).toHaveLength(0);
  });

  it('cleared, the box starts afresh: the same words typed again wait for the button', async () => {
    await seedPosts(posts());
    const { user } = await renderApp();
    await user.type(search(), 'lindqvist');
    await screen.findByRole('button', { name: 'Search all posts' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(results()).toBeVisible(), RENDERED);

    await user.clear(search());
    await waitFor(() =>
      expect(screen.queryAllByRole('region', { name: /^All posts matching/ })).toHaveLength(0),
    );
    expect(screen.queryByRole('button', { name: 'Search all posts' })).not.toBeInTheDocument();

    await user.type(search(), 'lindqvist');
    await screen.findByRole('button', { name: 'Search all posts' });
    expect(screen.queryAllByRole('region', { name: /^All posts matching/ })).toHaveLength(0);
  });
});

describe('a search that fails', () => {
  /** In the body of a search by its words alone. */
  const WORD_SEARCH = 'ARRAY_CONTAINS';
  const MATCHES = '3 posts match “lindqvist”';

  /** Searches every post for Lindqvist (three posts are about him). */
  async function searchLindqvist(user: UserEvent): Promise<void> {
    await user.type(search(), 'lindqvist');
    await user.click(await screen.findByRole('button', { name: 'Search all posts' }));
  }

  beforeEach(async () => {
    await seedPosts(buildPosts(3).map((post, n) => ({ ...post, title: `Lindqvist story ${n}` })));
  });

  it('rides out one failure (Firestore unavailable): the matches come all the same', async () => {
    const { user } = await renderApp();
    const refused = refuseReads(WORD_SEARCH, 1);
    await searchLindqvist(user);
    await waitFor(() => expect(within(results()).getByText(MATCHES)).toBeVisible());
    expect(refused()).toBe(1);
    expect(within(results()).queryByRole('alert')).toBeNull();
  });

  it('failing three times says so with Retry, and Retry finds the matches', async () => {
    const { user } = await renderApp();
    const refused = refuseReads(WORD_SEARCH, 3);
    await searchLindqvist(user);
    const alert = await within(results()).findByRole('alert');
    expect(alert).toHaveTextContent('The search could not be made.');
    expect(refused()).toBe(3);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(results()).getByText(MATCHES)).toBeVisible());
    expect(within(results()).queryByRole('alert')).toBeNull();
  });
});
