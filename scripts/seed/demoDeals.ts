import { dealAfterPost, dealIdFor, type Deal } from '../../src/features/deals/data/deal';
import type { DealStatus } from '../../src/features/posts/data/dealStatus';
import { LIMITS } from '../../src/shared/limits';
import type { DemoPost } from './demoPost';

/**
 * The demo deals, so a fresh clone shows the deals strip and a deal's story: a player's name, and
 * the demo posts that tell his story, written
 * oldest first as post index (0 is the newest post) → status there (null: none). They span the
 * three pages (a first post on the oldest page has no status: that page predates statuses) and
 * end in different states: one collapsed, two done, the others open; one repeats a status, which
 * is no change of the deal.
 */
const DEAL_PLANS: { name: string; steps: Record<number, DealStatus | null> }[] = [
  {
    name: 'Mateo Arlanza',
    steps: { 76: null, 51: 'Rumour', 29: 'Talks', 12: 'Bid made', 0: 'Agreed' },
  },
  {
    name: 'Jonas Weidemann',
    steps: { 64: 'Rumour', 45: 'Talks', 27: 'Agreed', 9: 'Medical', 3: 'Done deal' },
  },
  {
    name: 'Kwame Asante-Boateng',
    steps: { 80: null, 58: 'Rumour', 38: 'Bid made', 17: 'Collapsed' },
  },
  { name: 'Lucas Ferrand', steps: { 67: 'Talks', 43: 'Agreed', 33: 'Medical', 20: 'Done deal' } },
  {
    name: 'Ryo Takamine',
    steps: { 72: null, 48: 'Rumour', 24: 'Talks', 14: 'Talks', 2: 'Medical' },
  },
  { name: 'Elias Lindqvist', steps: { 36: 'Rumour', 7: 'Talks' } },
];

/** Each demo deal's id (made from the name as the app makes it) → its name. */
export const DEMO_DEAL_NAMES: ReadonlyMap<string, string> = DEAL_PLANS.reduce(
  (names, { name }) => names.set(dealIdFor(name), name),
  new Map<string, string>(),
);

/** Demo post index → its deal's id and name, and its status there. */
const DEAL_POSTS = new Map(
  DEAL_PLANS.flatMap(({ name, steps }, n) => {
    const id = [...DEMO_DEAL_NAMES.keys()][n];
    return Object.entries(steps).map(([index, status]) => [Number(index), { id, name, status }]);
  }),
);

/** The deal of the demo post at `index` (0 is the newest), if it has one. */
export function demoDealAt(
  index: number,
): { id: string; name: string; status: DealStatus | null } | undefined {
  return DEAL_POSTS.get(index);
}

/**
 * The deals of `posts` (ids[n] is posts[n]'s id) as the app and the rules would have left them had
 * each post been written at its `created` time: the posts replayed oldest first through the app's
 * dealAfterPost, `changed` the time of the last change. The benchmarks repeat the demo posts, so
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
  return [...deals.values()];
}
