import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../../shared/posts/post';
import { FeedContext, type FeedContextValue } from '../hooks/feedContext';
import { provideDealLink } from '../state/dealLinkSlot';
import { PostCard } from './PostCard';
import { learnDealNames, PostDealLink, ShownDeal } from '../../deals';

/** A card's link to its deal, as the deals strip's chunk gives it to every card. */

const CONTEXT: FeedContextValue = {
  user: null,
  now: Date.now(),
  deletedElsewhere: new Set(),
  idPrefix: 'card-',
  sharedId: null,
};

function buildPost(overrides: Partial<Post>): Post {
  return {
    id: 'p1',
    title: 'Northbridge agree £8m fee for Mateo Arlanza',
    content: 'The fee is agreed.',
    imageUrl: '',
    link: '',
    commentCount: 0,
    cardComments: [],
    moreComments: false,
    created: Date.now() - 3_600_000,
    ...overrides,
  };
}

function renderCard(post: Post, around: (card: ReactNode) => ReactNode = (card) => card) {
  render(
    <FeedContext value={CONTEXT}>
      <article aria-labelledby="card-title">
        {around(<PostCard post={post} titleId="card-title" imagePriority="later" />)}
      </article>
    </FeedContext>,
  );
  return screen.getByRole('article', { name: post.title });
}

/** The status badge: a screen reader hears its whole text, 'Deal status: Agreed'. */
const badge = (card: HTMLElement) => within(card).getByText(/^Deal status:$/).parentElement;

beforeAll(() => {
  // What the deals strip does once its chunk has loaded.
  provideDealLink((dealId) => <PostDealLink dealId={dealId} />);
  learnDealNames([{ id: 'mateo-arlanza', name: 'Mateo Arlanza' }]);
});

beforeEach(() => {
  history.replaceState(null, '', '/');
});

describe("a card's link to its deal", () => {
  it("names the deal beside the status badge, a link to the deal's feed that says where it goes", async () => {
    const card = renderCard(buildPost({ deal: 'mateo-arlanza', status: 'Agreed' }));
    const link = within(card).getByRole('link', {
      name: 'Mateo Arlanza: all posts on this deal',
    });
    expect(link).toHaveAttribute('href', '/?deal=mateo-arlanza');
    expect(badge(card)).toHaveTextContent('Deal status: Agreed');

    // The page shows what the address names when told by popstate (useDealAddress).
    const told = vi.fn();
    addEventListener('popstate', told);
    await userEvent.setup().click(link);
    removeEventListener('popstate', told);
    expect(location.search).toBe('?deal=mateo-arlanza');
    expect(told).toHaveBeenCalledOnce();
  });

  it('is not there on a card without a deal', () => {
    const card = renderCard(buildPost({ status: 'Rumour' }));
    expect(badge(card)).toHaveTextContent('Deal status: Rumour');
    expect(within(card).queryByRole('link')).toBeNull();
  });

  it("is not repeated on the deal's own feed", () => {
    const card = renderCard(buildPost({ deal: 'mateo-arlanza', status: 'Agreed' }), (inner) => (
      <ShownDeal value="mateo-arlanza">{inner}</ShownDeal>
    ));
    expect(badge(card)).toHaveTextContent('Deal status: Agreed');
    expect(within(card).queryByRole('link')).toBeNull();
  });

  it("shows the badge alone while the deal's name is unknown, then the link once a read names it", () => {
    const card = renderCard(buildPost({ deal: 'kwame-asante', status: 'Talks' }));
    expect(badge(card)).toHaveTextContent('Deal status: Talks');
    expect(within(card).queryByRole('link')).toBeNull();

    act(() => learnDealNames([{ id: 'kwame-asante', name: 'Kwame Asante' }]));
    expect(
      within(card).getByRole('link', { name: 'Kwame Asante: all posts on this deal' }),
    ).toHaveAttribute('href', '/?deal=kwame-asante');
  });
});
