/**
 * A card's link to its deal in the whole app against the real emulators: the strip's
 * read names it, it opens the deal's feed, whose own cards do not repeat it, and Back returns.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  buildPost,
  seedDeals,
  seedPosts,
  type SeedDeal,
} from '../../../tests/support/app/firestore';
import { renderApp, resetApp } from '../../../tests/support/app/renderApp';

const HOUR = 3_600_000;
const now = Date.now();
const ARLANZA: SeedDeal = {
  id: 'mateo-arlanza',
  name: 'Mateo Arlanza',
  status: 'Agreed',
  changed: now - 2 * HOUR,
  post: 'a2',
  history: [
    { status: 'Talks', at: now - 30 * HOUR },
    { status: 'Agreed', at: now - 2 * HOUR },
  ],
};
const LINK_NAME = /: all posts on this deal$/;

beforeEach(async () => {
  await resetApp();
  await seedDeals([ARLANZA]);
  await seedPosts([
    buildPost({
      title: 'Northbridge agree £8m fee for Mateo Arlanza',
      created: now - 2 * HOUR,
      deal: ARLANZA.id,
      status: 'Agreed',
    }),
    buildPost({ title: 'A youth player extends', created: now - 6 * HOUR }),
    buildPost({ title: 'Talks open for Arlanza', created: now - 30 * HOUR, deal: ARLANZA.id }),
  ]);
});

const card = (title: string) => screen.getByRole('article', { name: title });
const titles = (feed: HTMLElement) =>
  within(feed)
    .getAllByRole('article')
    .map((article) => article.querySelector('h3')?.textContent);

describe("a card's link to its deal", () => {
  it("names the deal once the strip has read it, and opens the deal's feed, which does not repeat it", async () => {
    const { user } = await renderApp();
    const agreed = card('Northbridge agree £8m fee for Mateo Arlanza');
    const link = await within(agreed).findByRole('link', {
      name: 'Mateo Arlanza: all posts on this deal',
    });
    expect(link).toHaveTextContent(/^Mateo Arlanza$/);
    // Without a status, the post still leads to its deal.
    expect(
      within(card('Talks open for Arlanza')).getByRole('link', { name: LINK_NAME }),
    ).toHaveAttribute('href', '/?deal=mateo-arlanza');
    expect(within(card('A youth player extends')).queryByRole('link', { name: LINK_NAME })).toBe(
      null,
    );

    await user.click(link);
    const dealFeed = await screen.findByRole('feed', { name: 'Mateo Arlanza' });
    await waitFor(() => expect(dealFeed).toHaveAttribute('aria-busy', 'false'));
    expect(titles(dealFeed)).toEqual([
      'Northbridge agree £8m fee for Mateo Arlanza',
      'Talks open for Arlanza',
    ]);
    expect(within(dealFeed).queryByRole('link', { name: LINK_NAME })).toBeNull();

    act(() => history.back());
    const full = await screen.findByRole('feed', { name: 'Transfer news' });
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(within(full).getAllByRole('link', { name: LINK_NAME })).toHaveLength(2);
  });
});
