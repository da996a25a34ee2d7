import { dealAfterPost, dealIdFor, type Deal } from '../../src/features/deals/data/deal';
import type { DealTerms } from '../../src/features/deals/data/dealTerms';
import type { DealStatus } from '../../src/shared/posts/dealStatus';
import { LIMITS } from '../../src/shared/limits';
import type { DemoPost } from './demoPost';

interface DealPlan {
  name: string;
  steps: Record<number, DealStatus | null>;
  /** Who went which way, from or to where, for what: the 'Ins and outs' view shows them. */
  terms: DealTerms;
  /**
   * Its posts keep the story the feed tells at their place (demoPosts.ts), which already tells
   * their status of this player: a loan out, a signing. Otherwise each post tells its status.
   */
  ownStories?: true;
}

/**
 * The demo deals, so a fresh clone shows the deals strip, a deal's story and the window's ins and
 * outs: a player's name, the demo posts that tell his story, written oldest first as post index
 * (0 is the newest post) → status there (null: none), and his terms. They span the three pages (a
 * first post on the oldest page has no status: that page predates statuses) and end in different
 * states: one collapsed, four done (three signed, one gone on loan), the others open; one repeats a
 * status, which is no change of the deal. The done deals' fees are of every kind: an amount, free,
 * undisclosed, loans with an option and an obligation to buy. Eight deals, no more: the strip reads
 * every one on each first load (the deadline-day first load's read budget in bench:live).
 */
const DEAL_PLANS: DealPlan[] = [
  {
    name: 'Mateo Arlanza',
    steps: { 76: null, 51: 'Rumour', 29: 'Talks', 12: 'Bid made', 0: 'Agreed' },
    terms: { direction: 'in', club: 'Real Costanera', fee: 'amount', amount: 8e6, currency: 'GBP' },
  },
  {
    name: 'Jonas Weidemann',
    steps: { 64: 'Rumour', 45: 'Talks', 27: 'Agreed', 9: 'Medical', 3: 'Done deal' },
    terms: { direction: 'in', club: 'FC Oberhafen', fee: 'amount', amount: 17e6, currency: 'GBP' },
  },
  {
    name: 'Kwame Asante-Boateng',
    steps: { 80: null, 58: 'Rumour', 38: 'Bid made', 17: 'Collapsed' },
    terms: { direction: 'in', club: 'Accra Lions', fee: 'undisclosed' },
  },
  {
    name: 'Lucas Ferrand',
    steps: { 67: 'Talks', 43: 'Agreed', 33: 'Medical', 20: 'Done deal' },
    terms: {
      direction: 'in',
      club: 'Olympique Lavanne',
      loan: true,
      option: 'option',
      optionAmount: 20e6,
      currency: 'GBP',
    },
  },
  {
    name: 'Ryo Takamine',
    steps: { 72: null, 48: 'Rumour', 24: 'Talks', 14: 'Talks', 2: 'Medical' },
    terms: { direction: 'in', club: 'Kanagawa Blue Wings', fee: 'free' },
  },
  {
    name: 'Elias Lindqvist',
    steps: { 36: 'Rumour', 7: 'Talks' },
    terms: { direction: 'out', club: 'IFK Norrvik', fee: 'undisclosed' },
  },
  {
    name: 'Callum Reddie',
    steps: { 19: 'Done deal' },
    terms: { direction: 'in', club: 'Kirkfield Athletic', fee: 'free' },
    ownStories: true,
  },
  {
    name: 'Tomás Quiroga',
    steps: { 44: 'Done deal' },
    terms: {
      direction: 'out',
      club: 'Club Atlético Río Seco',
      loan: true,
      fee: 'undisclosed',
      option: 'obligation',
      optionAmount: 12e6,
      currency: 'EUR',
    },
    ownStories: true,
  },
];

/** Each demo deal's id (made from the name as the app makes it) → its name. */
export const DEMO_DEAL_NAMES: ReadonlyMap<string, string> = DEAL_PLANS.reduce(
  (names, { name }) => names.set(dealIdFor(name), name),
  new Map<string, string>(),
);

/** A demo post's deal: its id and name, the post's status there, and whose story it tells. */
export interface DemoDealPost {
  id: string;
  name: string;
  status: DealStatus | null;
  /** The post tells the story the feed tells at its place (DealPlan.ownStories). */
  ownStory: boolean;
}

/** Demo post index → its deal. */
const DEAL_POSTS = new Map<number, DemoDealPost>(
  DEAL_PLANS.flatMap(({ name, steps, ownStories }) => {
    const id = dealIdFor(name);
    const ownStory = ownStories === true;
    return Object.entries(steps).map(([index, status]) => [
      Number(index),
      { id, name, status, ownStory },
    ]);
  }),
);

/** Each demo deal's id → its terms. */
const DEAL_TERMS = new Map(DEAL_PLANS.map(({ name, terms }) => [dealIdFor(name), terms]));

/** The deal of the demo post at `index` (0 is the newest), if it has one. */
export function demoDealAt(index: number): DemoDealPost | undefined {
  return DEAL_POSTS.get(index);
}

/**
 * The deals of `posts` (ids[n] is posts[n]'s id) as the app and the rules would have left them had
 * each post been written at its `created` time, and the administrator then given their terms: the
 * posts replayed oldest first through the app's dealAfterPost, `changed` the time of the last
 * change. The benchmarks repeat the demo posts, so
 * only the last 100 status changes are kept, as the rules allow no more.
 */
export function demoDeals(posts: readonly DemoPost[], ids: readonly string[]): Deal[] {
  const deals = new Map<string, Deal>();
  const oldestFirst = posts.map((post, n) => ({ post, id: ids[n] }));
  oldestFirst.sort((a, b) => a.post.created - b.post.created);
  for (const { post, id } of oldestFirst) {
    if (post.deal === undefined) continue;
    const name = DEMO_DEAL_NAMES.get(post.deal) ?? post.deal;
    const before = deals.get(post.deal);
    const write = dealAfterPost(before ?? null, name, id, post.status, post.created);
    if (!write) continue;
    const history = write.history.slice(-LIMITS.dealHistorySteps);
    deals.set(post.deal, { ...write, history, id: post.deal, changed: post.created });
  }
  return [...deals.values()].map((deal) => {
    const terms = DEAL_TERMS.get(deal.id);
    return terms ? { ...deal, terms } : deal;
  });
}
