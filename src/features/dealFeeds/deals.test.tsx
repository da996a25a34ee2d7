/**
 * Deals in the whole app against the real emulators: the deals strip, a
 * deal's own feed at /?deal=<id> with its status history, Back, an unknown id, search within a
 * deal, live changes, and the administrator's 'Deal' field. Timers are faked only where 30
 * seconds must pass at once (the live checks); every read is real.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_EVERY_MS } from '../live/state/liveChecks';
import {
  buildPost,
  buildPosts,
  publishInDealElsewhere,
  readPosts,
  readStoredDeal,
  seedDeals,
  seedPosts,
  type SeedDeal,
} from '../../../tests/support/app/firestore';
import { renderApp, resetApp, waitForFeedToSettle } from '../../../tests/support/app/renderApp';

const HOUR = 3_600_000;
const NORMAL_TITLE = 'Northbridge FC Transfer News';
const now = Date.now();

const ARLANZA: SeedDeal = {
  id: 'mateo-arlanza',
  name: 'Mateo Arlanza',
  status: 'Medical',
  changed: now - 2 * HOUR,
  post: 'a2',
  history: [
    { status: 'Talks', at: now - 30 * HOUR },
    { status: 'Medical', at: now - 2 * HOUR },
  ],
};
const WEIDEMANN: SeedDeal = {
  id: 'jonas-weidemann',
  name: 'Jonas Weidemann',
  status: 'Done deal',
  changed: now - 5 * HOUR,
  post: 'w1',
  history: [{ status: 'Done deal', at: now - 5 * HOUR }],
};
const ASANTE: SeedDeal = {
  id: 'kwame-asante',
  name: 'Kwame Asante',
  status: 'Collapsed',
  changed: now - 50 * HOUR,
  post: 'k1',
  history: [{ status: 'Collapsed', at: now - 50 * HOUR }],
};

beforeEach(async () => {
  await resetApp();
  document.title = NORMAL_TITLE;
  await seedDeals([ARLANZA, WEIDEMANN, ASANTE]);
  await seedPosts([
    buildPost({ title: 'Arlanza passes his medical', created: now - 2 * HOUR, deal: ARLANZA.id }),
    buildPost({ title: 'Weidemann signs', created: now - 5 * HOUR, deal: WEIDEMANN.id }),
    buildPost({ title: 'A youth player extends', created: now - 6 * HOUR }),
    buildPost({ title: 'Talks open for Arlanza', created: now - 30 * HOUR, deal: ARLANZA.id }),
    buildPost({ title: 'Asante move collapses', created: now - 50 * HOUR, deal: ASANTE.id }),
  ]);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const strip = () => screen.getByRole('region', { name: 'Deals' });
/** The strip once it has come (after the first page, in the background). */
const stripShown = () => screen.findByRole('region', { name: 'Deals' });
/** The strip's deals ('Name · Status · time'), not its 'Ins and outs' link. */
const dealLinks = async () => {
  const list = await within(await stripShown()).findAllByRole('link', { name: / · / });
  return list.map((link) => link.textContent);
};
const titles = () =>
  within(screen.getByRole('feed'))
    .queryAllByRole('article')
    .filter((article) => !article.hidden)
    .map((article) => article.querySelector('h3')?.textContent);

describe('the deals strip', () => {
  it('lists every deal after the first page, most recently changed first, with status and time', async () => {
    await renderApp();
    await waitFor(async () =>
      expect(await dealLinks()).toEqual([
        'Mateo Arlanza · Medical · 2 hours ago',
        'Jonas Weidemann · Done deal · 5 hours ago',
        'Kwame Asante · Collapsed · 2 days ago',
      ]),
    );
    expect(within(strip()).getByRole('button', { name: 'All deals' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it("'Done deals' lists exactly the done deals and 'Open deals' the open ones", async () => {
    const { user } = await renderApp();
    await within(await stripShown()).findByRole('link', { name: /Mateo Arlanza/ });

    await user.click(within(strip()).getByRole('button', { name: 'Done deals' }));
    await waitFor(async () =>
      expect(await dealLinks()).toEqual(['Jonas Weidemann · Done deal · 5 hours ago']),
    );
    await user.click(within(strip()).getByRole('button', { name: 'Open deals' }));
    await waitFor(async () =>
      expect(await dealLinks()).toEqual(['Mateo Arlanza · Medical · 2 hours ago']),
    );
    expect(within(strip()).getByRole('button', { name: 'Open deals' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

describe("a deal's own feed", () => {
  it('shows only its posts under its name and status history; the title and address name it', async () => {
    const { user } = await renderApp();
    await user.click(
      await within(await stripShown()).findByRole('link', { name: /Mateo Arlanza/ }),
    );

    const heading = await screen.findByRole('heading', { level: 2, name: 'Mateo Arlanza' });
    expect(heading).toHaveFocus();
    expect(window.location.search).toBe('?deal=mateo-arlanza');
    await waitFor(() => expect(document.title).toBe(`Mateo Arlanza – ${NORMAL_TITLE}`));
    const history = screen.getByRole('list', { name: 'Status history' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/^Talks /), expect.stringMatching(/^Medical /)]);
    const feed = await screen.findByRole('feed', { name: 'Mateo Arlanza' });
    await waitFor(() => expect(feed).toHaveAttribute('aria-busy', 'false'));
    expect(titles()).toEqual(['Arlanza passes his medical', 'Talks open for Arlanza']);
    expect(within(strip()).getByRole('link', { current: 'page' })).toHaveTextContent(
      'Mateo Arlanza',
    );
  });

  it("Back and 'All posts' return to the full feed, as it was", async () => {
    const { user } = await renderApp();
    await user.click(
      await within(await stripShown()).findByRole('link', { name: /Jonas Weidemann/ }),
    );
    await screen.findByRole('feed', { name: 'Jonas Weidemann' });

    act(() => history.back());
    await screen.findByRole('feed', { name: 'Transfer news' });
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(titles()).toHaveLength(5);
    expect(document.title).toBe(NORMAL_TITLE);

    await user.click(within(strip()).getByRole('link', { name: /Kwame Asante/ }));
    await screen.findByRole('feed', { name: 'Kwame Asante' });
    await user.click(screen.getByRole('link', { name: 'All posts' }));
    await screen.findByRole('feed', { name: 'Transfer news' });
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('opens from a /?deal=<id> link', async () => {
    window.history.replaceState(null, '', '/?deal=jonas-weidemann');
    await renderApp({ waitForFeed: false });
    const feed = await screen.findByRole('feed', { name: 'Jonas Weidemann' });
    await waitFor(() => expect(feed).toHaveAttribute('aria-busy', 'false'));
    expect(titles()).toEqual(['Weidemann signs']);
    // Loaded from its address, focus stays where the browser put it.
    expect(screen.getByRole('heading', { name: 'Jonas Weidemann' })).not.toHaveFocus();
  });

  it("an unknown or malformed id says 'This deal is not in the feed' above the full feed", async () => {
    for (const id of ['no-such-deal', '../posts', 'Upper Case']) {
      window.history.replaceState(null, '', `/?deal=${encodeURIComponent(id)}`);
      const { unmount } = await renderApp({ waitForFeed: false });
      await screen.findByText('This deal is not in the feed');
      await waitForFeedToSettle();
      expect(screen.getByRole('feed', { name: 'Transfer news' })).toBeVisible();
      expect(titles()[0]).toBe('Arlanza passes his medical');
      unmount();
    }
  });

  it("search within it matches its posts' text, and the deal's name matches all of them", async () => {
    window.history.replaceState(null, '', '/?deal=mateo-arlanza');
    const { user } = await renderApp({ waitForFeed: false });
    const feed = await screen.findByRole('feed', { name: 'Mateo Arlanza' });
    await waitFor(() => expect(feed).toHaveAttribute('aria-busy', 'false'));
    const search = screen.getByRole('searchbox', { name: 'Search posts' });

    await user.type(search, 'medical');
    await waitFor(() => expect(titles()).toEqual(['Arlanza passes his medical']));
    await user.clear(search);
    await user.type(search, 'mateo');
    await waitFor(() =>
      expect(titles()).toEqual(['Arlanza passes his medical', 'Talks open for Arlanza']),
    );
  });
});

describe('live', () => {
  it("a post in a deal made elsewhere moves the strip and the deal's feed on, after the next check", async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'performance'],
      shouldAdvanceTime: true,
    });
    window.history.replaceState(null, '', '/?deal=mateo-arlanza');
    const { user } = await renderApp();
    await screen.findByRole('feed', { name: 'Mateo Arlanza' });
    await within(await stripShown()).findByRole('link', { name: /Mateo Arlanza · Medical/ });

    const signed = now + 1000;
    await publishInDealElsewhere(
      buildPost({ title: 'Arlanza signs', created: signed, deal: ARLANZA.id, status: 'Done deal' }),
      {
        ...ARLANZA,
        status: 'Done deal',
        history: [...ARLANZA.history, { status: 'Done deal', at: signed }],
      },
    );
    // A check still in flight (a slow read on a busy machine) or failed arms the next only when
    // it ends, later: intervals pass until one has seen the post.
    const moved = { name: /^Mateo Arlanza · Done deal · / };
    for (let interval = 1; interval <= 4; interval += 1) {
      await act(() => vi.advanceTimersByTimeAsync(CHECK_EVERY_MS));
      const seen = await within(strip())
        .findByRole('link', moved, { timeout: 3_000 })
        .catch(() => null);
      if (seen) break;
    }
    await within(strip()).findByRole('link', moved);
    const history = await screen.findByRole('list', { name: 'Status history' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.getByText('Now: Done deal')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /1 new post/ }));
    await waitFor(() => expect(titles()[0]).toBe('Arlanza signs'));

    await user.click(within(strip()).getByRole('button', { name: 'Done deals' }));
    await waitFor(async () =>
      expect((await dealLinks()).map((text) => text?.split(' · ')[0])).toEqual([
        'Mateo Arlanza',
        'Jonas Weidemann',
      ]),
    );
  });
});

describe("the administrator's 'Deal' field", () => {
  it('starts a new deal with a post, then moves it on with a second post picked by name', async () => {
    await seedPosts(buildPosts(1));
    const { user } = await renderApp({ user: 'admin' });
    const form = await screen.findByRole('region', { name: 'New post' });
    const post = async (title: string, deal: string, status: string) => {
      await user.type(within(form).getByRole('textbox', { name: 'Post title' }), title);
      await user.type(within(form).getByRole('textbox', { name: 'Post content' }), 'Details.');
      await user.type(within(form).getByRole('combobox', { name: 'Deal' }), deal);
      await user.selectOptions(within(form).getByRole('combobox', { name: 'Deal status' }), status);
      await user.click(within(form).getByRole('button', { name: 'Post' }));
      await waitFor(() =>
        expect(within(form).getByRole('textbox', { name: 'Post title' })).toHaveValue(''),
      );
    };

    await post('Scouts watch Ryo Takamine', 'Ryō Takamine', 'Rumour');
    await within(await stripShown()).findByRole('link', { name: /^Ryō Takamine · Rumour · / });
    // The new deal is offered in the field now; typed in another case, it is the same deal.
    await waitFor(() =>
      expect(form.querySelector('datalist option[value="Ryō Takamine"]')).not.toBeNull(),
    );
    await post('Bid for Takamine', 'ryō takamine', 'Bid made');
    await within(strip()).findByRole('link', { name: /^Ryō Takamine · Bid made · / });

    const stored = await readStoredDeal('ryo-takamine');
    expect(stored?.name).toEqual({ stringValue: 'Ryō Takamine' });
    const inDeal = (await readPosts()).filter((saved) => saved.deal === 'ryo-takamine');
    expect(inDeal.map((saved) => saved.title)).toEqual([
      'Bid for Takamine',
      'Scouts watch Ryo Takamine',
    ]);
  });

  it('moves a post to another deal in the edit box, and says why a blank deal name is refused', async () => {
    const { user } = await renderApp({ user: 'admin' });
    const card = screen.getByRole('article', { name: 'A youth player extends' });
    await user.click(await within(card).findByRole('button', { name: 'Edit' }));
    const field = await within(card).findByRole('combobox', { name: 'Deal' });
    expect(field).toHaveValue('');

    await user.type(field, '\u3164');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Not saved: the deal name has no visible text.',
    );
    expect(field).toHaveValue('\u3164');

    await user.clear(field);
    await user.type(field, 'Mateo Arlanza');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(card).queryByRole('combobox', { name: 'Deal' })).toBeNull());
    const moved = (await readPosts()).find((saved) => saved.title === 'A youth player extends');
    expect(moved?.deal).toBe('mateo-arlanza');
    // Without a status, the post joins the deal and leaves its summary as it was.
    expect((await readStoredDeal('mateo-arlanza'))?.status).toEqual({ stringValue: 'Medical' });
  });
});
