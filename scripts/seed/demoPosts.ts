/**
 * Demo transfer news for a fictional club, generated deterministically so every fresh clone shows
 * the same feed: enough posts for three pages, spread over weeks, some with pictures (served from
 * public/images), some with 'Read more' links, some with fans' comments and most with a deal
 * status. A few deals each tell one player's story over several posts across the three pages
 * (demoDeals.ts).
 */
import type { DealStatus } from '../../src/shared/posts/dealStatus';
import { demoDealAt } from './demoDeals';
import type { DemoComment, DemoPost } from './demoPost';

export type { DemoComment, DemoPost } from './demoPost';

export const DEMO_POST_COUNT = 84;
export const DEMO_IMAGES = [
  'signing-striker.svg',
  'signing-keeper.svg',
  'training-ground.svg',
  'stadium-night.svg',
  'contract-desk.svg',
  'youth-academy.svg',
  'loan-return.svg',
  'medical-check.svg',
];

const PLAYERS = [
  ['Mateo Arlanza', 'striker', 'Real Costanera'],
  ['Jonas Weidemann', 'centre-back', 'FC Oberhafen'],
  ['Kwame Asante-Boateng', 'winger', 'Accra Lions'],
  ['Lucas Ferrand', 'goalkeeper', 'Olympique Lavanne'],
  ['Tomás Quiroga', 'midfielder', 'Club Atlético Río Seco'],
  ['Ryo Takamine', 'attacking midfielder', 'Kanagawa Blue Wings'],
  ['Elias Lindqvist', 'left-back', 'IFK Norrvik'],
  ['Dario Benedetti', 'defensive midfielder', 'AC Valtorre'],
  ['Sam Okonjo', 'right-back', 'Harbour City'],
  ['Viktor Hrabal', 'centre-forward', 'Slavoj Brno'],
  ['Nuno Carvalhal', 'winger', 'Sporting Almada'],
  ['Callum Reddie', 'midfielder', 'Kirkfield Athletic'],
] as const;

type Player = readonly [name: string, position: string, club: string];

/**
 * Players named only on the oldest page (by post index), with their clubs: a search of the loaded
 * posts finds them only after two Load Mores, 'Search all posts' at once, typed with or without
 * their accents and letters (ü, ø, ß).
 */
const MULLER: Player = ['Felix Müller', 'centre-back', 'SV Weißenfeld'];
const OSTERGAARD: Player = ['Jørgen Østergaard', 'goalkeeper', 'FK Tromsø'];
export const OLDEST_PAGE_PLAYERS: Readonly<Record<number, Player>> = {
  73: MULLER,
  75: OSTERGAARD,
  79: OSTERGAARD,
  81: MULLER,
};

const STORIES: ((p: Player, fee: number, years: number) => [string, string])[] = [
  (p, fee, years) => [
    `Northbridge agree £${fee}m fee for ${p[0]}`,
    `Northbridge FC have agreed a fee of £${fee}m with ${p[2]} for ${p[1]} ${p[0]}.\n\nThe ${years}-year deal is subject to a medical, which is expected to take place at the training ground later this week.`,
  ],
  (p) => [
    `${p[0]} completes medical`,
    `${p[0]} passed his medical this morning and is expected to be unveiled before the weekend.\n\nThe ${p[1]} arrives from ${p[2]} and will wear the club's colours for the first time in pre-season.`,
  ],
  (p, fee) => [
    `Bid rejected: ${p[2]} hold out for ${p[0]}`,
    `${p[2]} have turned down an opening offer of £${fee}m for ${p[0]}. Club sources describe the talks as "constructive" and a second bid is being prepared.`,
  ],
  (p, _fee, years) => [
    `Official: ${p[0]} signs a ${years}-year contract`,
    `We are delighted to confirm the signing of ${p[1]} ${p[0]} from ${p[2]}.\n\n"This is a club with ambition and I can't wait to meet the fans," he said after putting pen to paper.`,
  ],
  (p) => [
    `${p[0]} joins on a season-long loan`,
    `${p[0]} has joined ${p[2]} on loan until the end of the season to gain regular first-team football.\n\nThe ${p[1]} will be monitored closely by the coaching staff throughout the campaign.`,
  ],
  (p) => [
    `Scouts watch ${p[0]} again`,
    `Northbridge's head of recruitment was in the stands again on Saturday to watch ${p[0]} of ${p[2]}. The ${p[1]} has two goals and three assists in his last five matches.`,
  ],
  (p, _fee, years) => [
    `Contract extension for ${p[0]}`,
    `${p[0]} has signed a new deal that keeps him at the club for a further ${years} years. "There was never any doubt in my mind," the ${p[1]} said.`,
  ],
  (p, fee) => [
    `Release clause talk around ${p[0]}`,
    `Reports abroad suggest ${p[0]} has a release clause of around £${fee}m in his contract with ${p[2]}. Northbridge are understood to be keeping an eye on the situation.`,
  ],
];

/** Each story's deal status, by its index in STORIES (a contract extension is no transfer). */
const STORY_STATUSES: (DealStatus | null)[] = [
  'Agreed',
  'Medical',
  'Bid made',
  'Done deal',
  'Done deal',
  'Rumour',
  null,
  'Talks',
];
/** The oldest page predates the deal status: its posts have none. */
const FIRST_WITHOUT_STATUS = 70;

const FANS = [
  'fan@example.com',
  'ultras.north@example.com',
  'season.ticket@example.com',
  'away.days@example.com',
];

const REACTIONS = [
  'Get it done!',
  'What a signing. Can not wait to see him at the Bridge.',
  'Too much money for a player with that injury record.',
  'Finally some ambition from the board.',
  'Saw him play last season, quick and brave.',
  'Let us hope the medical goes well.',
  'Another loan? We need first-team players.',
];

const HOUR = 3_600_000;

/** Newest first: post 0 is a few hours old, the oldest about ten weeks. */
export function buildDemoPosts(now: number = Date.now()): DemoPost[] {
  const posts: DemoPost[] = [];
  for (let i = 0; i < DEMO_POST_COUNT; i += 1) {
    const inDeal = demoDealAt(i);
    const player = inDeal
      ? playerNamed(inDeal.name)
      : (OLDEST_PAGE_PLAYERS[i] ?? PLAYERS[(i * 5) % PLAYERS.length]);
    const fee = 8 + ((i * 7) % 45);
    const years = 2 + (i % 4);
    const story = inDeal && !inDeal.ownStory ? storyFor(inDeal.status) : i % STORIES.length;
    const [title, content] = STORIES[story](player, fee, years);
    const created = now - (2 + i * 19) * HOUR - ((i * 37) % 60) * 60_000;
    posts.push({
      title,
      content,
      imageUrl: i % 3 === 0 ? `/images/${DEMO_IMAGES[(i / 3) % DEMO_IMAGES.length]}` : '',
      link: i % 4 === 1 ? `https://example.com/northbridge/news/${84 - i}` : '',
      comments: buildComments(i, created),
      created,
      ...(inDeal ? dealFields(inDeal.id, inDeal.status) : statusOf(i)),
    });
  }
  return posts;
}

function playerNamed(name: string): Player {
  const player = PLAYERS.find((candidate) => candidate[0] === name);
  if (!player) throw new Error(`No demo player is named ${name}`);
  return player;
}

/** The story that tells `status` (none: a scout's report; collapsed: a rejected bid). */
function storyFor(status: DealStatus | null): number {
  if (status === null) return STORY_STATUSES.indexOf('Rumour');
  if (status === 'Collapsed') return STORY_STATUSES.indexOf('Bid made');
  return STORY_STATUSES.indexOf(status);
}

function dealFields(
  deal: string,
  status: DealStatus | null,
): { status?: DealStatus; deal: string } {
  return status ? { status, deal } : { deal };
}

function statusOf(index: number): { status?: DealStatus } {
  if (index >= FIRST_WITHOUT_STATUS) return {};
  // Every other rejected bid ends the deal.
  const status = index % 16 === 10 ? 'Collapsed' : STORY_STATUSES[index % STORIES.length];
  return status ? { status } : {};
}

/** Seeded comments come every 25 minutes after their post… */
const COMMENT_SPACING = 25 * 60_000;
/** …and closer together when there are more than fit in the post's first two hours. */
const THREAD_WINDOW = 2 * HOUR;

/**
 * When the `n`th of a post's `count` comments was written: every 25 minutes after the post, or, for
 * a thread longer than its first two hours hold at that pace (deadline day: 400 comments, one
 * every 18 s), evenly within them. Always before the post is two hours old, so no seeded comment
 * is newer than the seed's clock. The seed dates the comments' moderation copies by it too.
 */
export function commentTime(created: number, n: number, count = 0): number {
  const spacing = Math.min(COMMENT_SPACING, Math.floor(THREAD_WINDOW / (count + 1)));
  return created + (n + 1) * spacing;
}

/** The `n`th of `count` comments' `date`, as the app writes it. */
export function commentDate(created: number, n: number, count: number): string {
  return new Date(commentTime(created, n, count)).toLocaleString('en-GB');
}

/**
 * The account id a demo comment's copy names. Demo fans never sign in, so any stable id will do;
 * one derived from the address keeps a fan's comments together under 'filter by author'.
 */
export function demoUid(email: string): string {
  return `demo-${email.replace(/[^a-z0-9]/gi, '-')}`;
}

function buildComments(index: number, created: number): DemoComment[] {
  const count = index % 5 === 0 ? 3 : index % 7 === 2 ? 1 : 0;
  return Array.from({ length: count }, (_, n) => ({
    user: FANS[(index + n) % FANS.length],
    text: REACTIONS[(index * 3 + n) % REACTIONS.length],
    date: commentDate(created, n, count),
  }));
}
