import { demoPinnedPost } from './demoFeed';
import { buildDemoPosts, commentDate, type DemoComment, type DemoPost } from './demoPosts';

/**
 * Deadline day, to show that a feed stays as light with 3,500 comments on its first page as with
 * 30: the 84 demo posts, the same titles, pictures, deals and dates, but the 35 newest (the
 * first page) carry long threads, from 400 comments (the most a post of earlier versions held) down
 * to 3: 3,556 in all, from 300 fans, 60 to 220 characters each. The older posts keep the demo's
 * comments. `npm run seed:deadline-day` adds the club's pinned live blog with a thread of
 * DEADLINE_DAY_LIVE_COMMENTS (buildDeadlineDayFeed). Deterministic: the same `now` gives the same
 * posts, comment for comment.
 */
export const DEADLINE_DAY_COMMENT_COUNTS: readonly number[] = [
  400, 380, 320, 260, 210, 188, 172, 160, 148, 136, 124, 113, 103, 94, 86, 78, 71, 64, 58, 52, 47,
  42, 38, 34, 30, 27, 24, 21, 18, 16, 14, 12, 8, 5, 3,
];

/** The pinned live blog's thread: far more than a summary, a page or a list ever held. */
export const DEADLINE_DAY_LIVE_COMMENTS = 10_000;

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

/** Draws from the seeded generator: what the reactions are made with. */
interface Dice {
  pick<T>(list: readonly T[]): T;
  /** A whole number from `min` to `max`. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
}

// prettier-ignore
const PLAYERS = [
  'Arlanza', 'Weidemann', 'Asante-Boateng', 'Ferrand', 'Takamine', 'Lindqvist', 'Benedetti',
  'Okonjo', 'Hrabal', 'Carvalhal', 'Reddie', 'Mbeki', 'Van der Laan', 'Şahin', 'Rocha',
  'Kowalczyk', 'Duarte', 'Haaland-Berg', 'Oyelaran', 'Nakamura', 'Dubois', 'Ibáñez',
];
// prettier-ignore
const CLUBS = [
  'Real Costanera', 'FC Oberhafen', 'Accra Lions', 'Olympique Lavanne', 'AC Valtorre',
  'Harbour City', 'Slavoj Brno', 'Sporting Almada', 'Kirkfield Athletic', 'IFK Norrvik',
  'Kanagawa Blue Wings', 'Dynamo Ostrava', 'Rovers', 'United', 'the Saints',
];
// prettier-ignore
const POSITIONS = [
  'striker', 'number 9', 'centre-back', 'left-back', 'right-back', 'winger', 'keeper',
  'holding midfielder', 'number 10', 'box-to-box midfielder', 'wing-back', 'back-up keeper',
];
// prettier-ignore
const PEOPLE = [
  'the gaffer', 'the manager', 'the board', 'the chairman', 'our scouts', 'his agent',
  'the owners', 'the director of football', 'the physio', 'my dad', 'the lads in the pub',
  'the bloke behind me in the East Stand', 'the journalists', 'the academy coaches',
];
// prettier-ignore
const OPENERS = [
  'Get in!', 'Here we go again.', 'Finally!', 'Calm down everyone.', 'Steady on.', 'Honestly?',
  'Right.', 'Unreal.', 'Hmm.', 'Love it ⚽', 'Wow.', 'Brilliant news.', 'Big if true.',
  'Not again…', 'Ha!', 'Mate.', 'Absolute scenes.', 'Called it.', 'No way.', 'Deadline day, baby!',
  'Refreshing every two minutes.', 'My phone has not stopped buzzing.', 'Can’t believe it.',
];
// prettier-ignore
const VERDICTS = [
  'a steal', 'daylight robbery', 'a panic buy', 'a gamble', 'proper business', 'a statement',
  'overpriced', 'a bargain', 'the signing of the summer', 'a sideways move', 'exactly what we need',
  'a typical last-minute job', 'fair enough', 'a shrewd one', 'madness', 'about time',
];
// prettier-ignore
const FEELINGS = [
  'buzzing', 'gutted', 'nervous', 'worried', 'delighted', 'sceptical', 'over the moon',
  'baffled', 'cautiously optimistic', 'a bit underwhelmed', 'made up', 'fuming', 'not fussed',
];
// prettier-ignore
const SKILLS = [
  'pace', 'a left foot', 'an engine', 'composure', 'aerial presence', 'vision', 'leadership',
  'a long throw', 'a first touch', 'bite in the tackle', 'end product', 'a bit of nastiness',
];
// prettier-ignore
const WHEN = [
  'before eleven', 'by Saturday', 'tonight', 'after the medical', 'in January', 'next season',
  'before the window shuts', 'by the end of the week', 'in time for the derby', 'this evening',
];
// prettier-ignore
const WATCHED = [
  'away at Kirkfield', 'in the cup last year', 'on a wet Tuesday in Norrvik', 'on the telly',
  'in pre-season', 'for the under-21s', 'at the Euros', 'against us in March', 'on YouTube',
];
// prettier-ignore
const CLOSERS = [
  'Get it over the line.', 'Welcome to the Bridge!', 'We go again.', 'Up the Bridge!',
  'Someone wake me up when it’s official.', 'What a time to be alive 🔥', 'Fingers crossed 🤞',
  'Judge him in May.', 'Medical first, celebrations later.', 'COYB!', 'Believe.', 'Rant over.',
  'Just my two pence.', 'Happy days.', 'Here’s hoping.', 'Watch this space 👀',
];

/** The sentences a reaction is made of, each a shape with words drawn into it. */
const SENTENCES: ((dice: Dice) => string)[] = [
  (d) => `£${d.int(4, 95)}m for ${d.pick(PLAYERS)} is ${d.pick(VERDICTS)}.`,
  (d) =>
    `Watched ${d.pick(PLAYERS)} ${d.pick(WATCHED)} and he ${d.pick(['was', 'looked', 'seemed'])} ${d.pick(['class', 'lost', 'lively', 'decent', 'rapid', 'off the pace', 'a handful'])}.`,
  (d) =>
    `Can he play ${d.pick(POSITIONS)}? Because we have had nobody there since ${d.pick(['October', 'the cup run', 'the spring', 'Christmas', 'the derby'])}.`,
  (d) =>
    `${cap(d.pick(PEOPLE))} ${d.pick(['said', 'reckons', 'told me', 'swears'])} it will be done ${d.pick(WHEN)}.`,
  (d) =>
    `Only ${d.int(2, 31)} starts last season, so ${d.pick(['I am not sure', 'who knows', 'fair play', 'let us see', 'hmm'])}.`,
  (d) =>
    `${d.int(3, 28)} goals and ${d.int(1, 17)} assists in ${d.int(20, 48)} games is ${d.pick(['no joke', 'not bad', 'serious', 'decent', 'a lot'])}.`,
  (d) =>
    `I am ${d.pick(FEELINGS)}, ${d.pick(['to be honest', 'not going to lie', 'if I am honest', 'genuinely', 'weirdly'])}.`,
  (d) => `We still need a ${d.pick(POSITIONS)} with ${d.pick(SKILLS)}.`,
  (d) =>
    `${d.pick(CLUBS)} wanted £${d.int(5, 80)}m${d.chance(0.5) ? ` plus ${d.int(5, 30)}% sell-on` : ''}, apparently.`,
  (d) => `A ${d.int(2, 6)}-year deal at ${d.int(19, 34)} is ${d.pick(VERDICTS)}.`,
  (d) =>
    `${d.pick(PLAYERS)} has ${d.pick(SKILLS)} and ${d.pick(SKILLS)}, which is more than ${d.pick(PLAYERS)} ever had.`,
  (d) =>
    `Heard from a mate at ${d.pick(CLUBS)} that the medical is ${d.pick(['at 4', 'booked', 'done', 'tomorrow', 'at half 6'])}.`,
  (d) => `Been a season ticket holder for ${d.int(3, 41)} years and this is ${d.pick(VERDICTS)}.`,
  (d) =>
    `If ${d.pick(PLAYERS)} goes the other way I ${d.pick(['will cry', 'am done', 'give up', 'will riot', 'will not renew'])}.`,
  (d) =>
    `${d.pick(['Sell', 'Keep', 'Loan out', 'Start', 'Bench'])} ${d.pick(PLAYERS)} and ${d.pick(['bring in', 'play', 'trust', 'give minutes to'])} the kids.`,
  (d) =>
    `Remember when we sold ${d.pick(PLAYERS)} to ${d.pick(CLUBS)} for £${d.int(2, 60)}m? Exactly.`,
  (d) => `Kick-off in ${d.int(2, 9)} days and we have ${d.int(0, 3)} fit ${d.pick(POSITIONS)}s.`,
  (d) => `${d.pick(PLAYERS)} at ${d.pick(POSITIONS)}, ${d.pick(PLAYERS)} up front, sorted.`,
  (d) =>
    `Odds on ${d.pick(PLAYERS)} starting ${d.pick(WHEN)}? ${d.int(2, 20)}/${d.int(1, 9)} at best.`,
  (d) =>
    `That is ${d.int(2, 6)} signings today. ${d.int(1, 4)} more and I will believe in miracles.`,
  (d) =>
    `Rating this window ${d.int(2, 9)}/10, ${d.pick(['generous', 'harsh', 'fair', 'honest'])} I know.`,
  (d) =>
    `It said ${d.int(18, 22)}:${d.int(10, 59)} on the news and it is ${d.int(22, 23)}:${d.int(10, 59)} now.`,
  (d) =>
    `${cap(d.pick(PEOPLE))} ${d.pick(['need', 'have', 'ought', 'had better'])} to ${d.pick(['sort', 'wrap', 'finish'])} this out ${d.pick(WHEN)}.`,
];

/** The text with its first letter in capitals. */
function cap(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

const MIN_TEXT = 60;
const MAX_TEXT = 220;

/**
 * The demo posts as of `now`, newest first, the 35 newest with deadline-day threads. Each thread's
 * comments are oldest first, dated as the app dates them and spread over the post's first two hours
 * (demoPosts.ts commentTime, which the seed also dates their moderation copies by), so none is
 * newer than `now`.
 */
export function buildDeadlineDayPosts(now: number = Date.now()): DemoPost[] {
  const dice = seededDice(0x0dead1);
  let written = 0;
  return buildDemoPosts(now).map((post, index) => {
    const count = DEADLINE_DAY_COMMENT_COUNTS[index];
    if (count === undefined) return post;
    const comments = thread(dice, post.created, count, () => {
      // Every fan writes at least once; after that a few regulars write most of it (a long tail).
      const fan = written < DEADLINE_DAY_FANS ? written : regular(dice);
      written += 1;
      return fan;
    });
    return { ...post, comments };
  });
}

/**
 * What `npm run seed:deadline-day` writes: the deadline-day posts and, among them by its time, the
 * club's pinned live blog (demoFeed.ts) with DEADLINE_DAY_LIVE_COMMENTS comments from the same
 * fans, spread over its first two hours as the others' are. Its own dice, so the other posts are
 * buildDeadlineDayPosts' to the comment.
 */
export function buildDeadlineDayFeed(now: number = Date.now()): DemoPost[] {
  const dice = seededDice(0x11feb1);
  const live = demoPinnedPost(now);
  const comments = thread(dice, live.created, DEADLINE_DAY_LIVE_COMMENTS, () => regular(dice));
  return [...buildDeadlineDayPosts(now), { ...live, comments }].sort(
    (a, b) => b.created - a.created,
  );
}

/** A thread of `count` reactions, oldest first, dated as the app dates them; `fan` picks each author. */
function thread(dice: Dice, created: number, count: number, fan: () => number): DemoComment[] {
  return Array.from({ length: count }, (_, n) => ({
    user: deadlineDayFan(fan()),
    text: reaction(dice),
    date: commentDate(created, n, count),
  }));
}

/** A fan drawn with a long tail: a few regulars write most. */
function regular(dice: Dice): number {
  return Math.floor((DEADLINE_DAY_FANS * dice.int(0, 999) ** 2) / 1e6);
}

/**
 * A fan's reaction: perhaps an opener, a sentence or three, perhaps a closer; 60 to 220 characters.
 */
function reaction(dice: Dice): string {
  const parts = dice.chance(0.4) ? [dice.pick(OPENERS)] : [];
  const sentences = dice.int(1, 3);
  for (let n = 0; n < sentences; n += 1) parts.push(dice.pick(SENTENCES)(dice));
  if (dice.chance(0.3)) parts.push(dice.pick(CLOSERS));
  while (parts.length > 1 && parts.join(' ').length > MAX_TEXT) parts.pop();
  while (parts.join(' ').length < MIN_TEXT) parts.push(dice.pick(SENTENCES)(dice));
  return parts.join(' ');
}

function seededDice(seed: number): Dice {
  const random = seededRandom(seed);
  return {
    pick: (list) => list[Math.floor(random() * list.length)],
    int: (min, max) => min + Math.floor(random() * (max - min + 1)),
    chance: (probability) => random() < probability,
  };
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
