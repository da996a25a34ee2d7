import { buildDemoPosts, commentDate, type DemoComment, type DemoPost } from './demoPosts';

/**
 * Deadline day (the issue 'a feed that stays as light with 3,500 comments on its first page as
 * with 30'): the 84 demo posts, the same titles, pictures, deals and dates, but the 35 newest (the
 * first page) carry long threads, from 400 comments (the rules' most) down to 3: 3,556 in all, from
 * 300 fans, 60 to 220 characters each. The older posts keep the demo's comments. Deterministic: the
 * same `now` gives the same posts, comment for comment.
 */
export const DEADLINE_DAY_COMMENT_COUNTS: readonly number[] = [
  400, 380, 320, 260, 210, 188, 172, 160, 148, 136, 124, 113, 103, 94, 86, 78, 71, 64, 58, 52, 47,
  42, 38, 34, 30, 27, 24, 21, 18, 16, 14, 12, 8, 5, 3,
];

/** How many distinct fans write the threads. */
export const DEADLINE_DAY_FANS = 300;

// prettier-ignore
const FIRST_NAMES = [
  'amara', 'ben', 'chloe', 'dev', 'ellie', 'finn', 'grace', 'harvey', 'isla', 'jack',
  'kofi', 'lena', 'marcus', 'nia', 'oscar', 'priya', 'rory', 'sofia', 'tom', 'yusuf',
];
// prettier-ignore
const LAST_NAMES = [
  'okafor', 'walsh', 'patel', 'nowak', 'reid', 'costa', 'ahmed', 'byrne',
  'lindgren', 'murphy', 'sato', 'evans', 'mensah', 'ward', 'fischer',
];

/** A fan's address: firstname.lastname.N@example.com, N from 1 to DEADLINE_DAY_FANS. */
export function deadlineDayFan(index: number): string {
  const first = FIRST_NAMES[index % FIRST_NAMES.length];
  const last = LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length];
  return `${first}.${last}.${index + 1}@example.com`;
}

/** How a reaction opens. */
const OPENERS = [
  'Get in!',
  'Here we go again.',
  'Refreshing this page every two minutes like everyone else.',
  'Not convinced, if I am honest.',
  'Finally!',
  'Told my mate this would happen back in July.',
  'Deadline day never disappoints.',
  'Calm down everyone.',
  'Is this actually confirmed?',
  'Absolute scenes in the pub right now.',
  'Been a season ticket holder for 22 years and',
  'Woke up to this and nearly dropped my tea.',
  'Right, who had this on their bingo card?',
  'Love it ⚽',
  'Honestly can’t believe it.',
  'My phone has not stopped buzzing.',
  'Steady on.',
  'Worst kept secret in football.',
];

/** What a fan thinks of it. */
const VIEWS = [
  'the fee looks steep for a player who has started eleven league games in two seasons',
  'we needed cover in that position since the injury in October and nobody listened',
  'his numbers in the second half of last season were better than anyone we already have',
  'the board have finally backed the manager instead of leaving it to the last hour again',
  'I watched him away at Kirkfield and he ran the whole midfield on his own',
  'if the medical goes through tonight he could be on the bench on Saturday',
  'selling our best academy lad to fund this feels wrong to me',
  'the wages will be the sticking point, they always are with these deals',
  'a five-year contract for a player of that age is a real gamble',
  'the agent has been leaking this to every paper for a week',
  'the sell-on clause means we might get most of the money back anyway',
  'the loan with an option to buy is the smart way to do it',
  'we have been linked with half of Europe today and this is the one that lands',
  'he can play on either wing, which is exactly what the squad lacks',
  'our recruitment team deserve credit, this was done quietly and quickly',
  'people forget he was injured for most of last season',
  'nobody at the club has said a word, so I will believe it when I see the shirt photo',
  'the fans at his old club are gutted, which tells you something',
  'a centre-back who can actually pass is what we have been crying out for',
  'still no striker though, and the window shuts at eleven',
];

/** How it ends. */
const CLOSERS = [
  'Get it over the line.',
  'Welcome to the Bridge, son.',
  'We go again.',
  'Trust the process, I suppose.',
  'Someone wake me up when it’s official.',
  'What a time to be alive 🔥',
  'Up the Bridge!',
  'Medical first, celebrations later.',
  'Judge him in May, not today.',
  'Eleven o’clock cannot come soon enough.',
  'Best business we have done in years.',
  'Fingers crossed.',
];

const MIN_TEXT = 60;
const MAX_TEXT = 220;

/**
 * The demo posts as of `now`, newest first, the 35 newest with deadline-day threads. Each thread's
 * comments are oldest first, dated as the app dates them and spread over the post's first two hours
 * (demoPosts.ts commentTime, which the seed also dates their moderation copies by), so none is
 * newer than `now`.
 */
export function buildDeadlineDayPosts(now: number = Date.now()): DemoPost[] {
  const random = seededRandom(0x0dead1);
  let written = 0;
  return buildDemoPosts(now).map((post, index) => {
    const count = DEADLINE_DAY_COMMENT_COUNTS[index];
    if (count === undefined) return post;
    const comments = Array.from({ length: count }, (_, n): DemoComment => {
      // Every fan writes at least once; after that a few regulars write most of it (a long tail).
      const fan =
        written < DEADLINE_DAY_FANS ? written : Math.floor(DEADLINE_DAY_FANS * random() ** 2);
      written += 1;
      return {
        user: deadlineDayFan(fan),
        text: reaction(random),
        date: commentDate(post.created, n, count),
      };
    });
    return { ...post, comments };
  });
}

/** A fan's reaction: an opener, a view or two and perhaps a closer, 60 to 220 characters. */
function reaction(random: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const view = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  const opener = pick(OPENERS);
  // An opener that runs on ('… and') continues in lower case.
  const first = opener.endsWith(' and') ? `${pick(VIEWS)}.` : view(pick(VIEWS));
  const parts = [opener, first];
  if (random() < 0.35) parts.push(view(pick(VIEWS)));
  if (random() < 0.6) parts.push(pick(CLOSERS));
  while (parts.join(' ').length > MAX_TEXT) parts.splice(parts.length - 1, 1);
  while (parts.join(' ').length < MIN_TEXT) parts.push(pick(CLOSERS));
  return parts.join(' ');
}

/** A small deterministic generator (mulberry32): the same seed, the same numbers, in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}
