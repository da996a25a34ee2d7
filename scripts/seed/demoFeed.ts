import { buildDemoPosts, type DemoPost } from './demoPosts';

/**
 * The feed `npm run dev` seeds (and `npm run seed:demo` writes again): the demo posts and, among
 * them by its time, the live blog the club pins on top, so a fresh clone shows a pinned post above
 * newer ones. The browser journeys and benches start from the demo posts alone (no pin), so their
 * first card is the newest post.
 */
export const DEMO_PINNED_TITLE = 'Deadline day live: every move as it happens';

const HOUR = 3_600_000;

export function buildDemoFeed(now: number = Date.now()): DemoPost[] {
  return [...buildDemoPosts(now), demoPinnedPost(now)].sort((a, b) => b.created - a.created);
}

/** The live blog the club pins, without comments. */
export function demoPinnedPost(now: number = Date.now()): DemoPost {
  return {
    title: DEMO_PINNED_TITLE,
    content:
      'Follow every move of the last day of the window here: signings, loans and departures as ' +
      'they are confirmed, with the latest at the top of this post.\n\n' +
      '23:00 The window has closed. Any deal lodged in time will be confirmed in the morning.',
    imageUrl: '/images/stadium-night.svg',
    link: '',
    comments: [],
    created: now - 30 * HOUR,
    pinned: true,
  };
}
