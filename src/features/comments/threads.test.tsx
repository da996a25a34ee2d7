/**
 * Long threads (the deadline-day feed): pages read posts without their comments; a card shows a
 * short thread whole, and a long one's count (its post's and its counters', one read) and, when
 * asked for, its latest comments, 50 at a time (documents of their own, posts/{id}/comments). Every
 * read is real, against the emulator; fetch is only watched, to count what was asked.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THREAD_STEP } from './components/OpenThread';
import { CHECK_EVERY_MS } from '../live/state/liveChecks';
import {
  buildPost,
  commentElsewhere,
  readCommentTotal,
  readPost,
  removeElsewhere,
  seedPosts,
  type SeedPost,
} from '../../../tests/support/app/firestore';
import { dropped, refuseReads } from '../../../tests/support/app/refusals';
import { FAN_EMAIL, renderApp, resetApp } from '../../../tests/support/app/renderApp';

/** Each runQuery, runAggregationQuery and batchGet the page sends: its address, method and body. */
let reads: { url: string; method: string; body: Record<string, unknown> }[];

beforeEach(async () => {
  await resetApp();
  reads = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = /:(runQuery|runAggregationQuery|batchGet)\b/.exec(url)?.[1];
    if (method && typeof init?.body === 'string') {
      const body: unknown = JSON.parse(init.body);
      if (typeof body === 'object' && body !== null) {
        reads.push({ url, method, body: Object.fromEntries(Object.entries(body)) });
      }
    }
    return realFetch(input, init);
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function comments(count: number, from = 1): SeedPost['comments'] {
  return Array.from({ length: count }, (_, index) => ({
    user: `fan${(from + index) % 7}@example.com`,
    text: `Comment number ${from + index}`,
    date: `01/01/2025, 10:${String((from + index) % 60).padStart(2, '0')}:00`,
  }));
}

const card = (title: string) => screen.getByRole('article', { name: title });
/** Each comment line's author and text (not its buttons: 'Reply', 'Report', 'Remove'). */
const lines = (title: string) =>
  within(card(title))
    .queryAllByRole('listitem')
    .map((item) => item.firstElementChild?.textContent);
/** The card's 'Comments:' line: the heading and the count beside it. */
const countLine = (title: string) =>
  within(card(title)).getByRole('heading', { name: 'Comments:' }).parentElement?.textContent;
/** In the body of a read of a thread's documents alone. */
const THREAD_READ = '"collectionId":"comments"';
/** The reads of post `id`'s thread documents (a page of them each). */
const threadReads = (id: string) =>
  reads.filter(
    (read) =>
      read.method === 'runQuery' &&
      read.url.includes(`/posts/${id}:`) &&
      JSON.stringify(read.body).includes(THREAD_READ),
  );
/** The reads of post `id`'s count (its counters' sum). */
const countReads = (id: string) =>
  reads.filter(
    (read) => read.method === 'runAggregationQuery' && read.url.includes(`/posts/${id}:`),
  );

describe('a long thread', () => {
  it('shows its count and a control, reads its latest 50 when asked, then 50 before them each time', async () => {
    const [post] = await seedPosts([
      buildPost({ title: 'Striker signs', comments: comments(120) }),
    ]);
    const { user } = await renderApp();

    // The post's 8 and its counters' 112, read once (one aggregation).
    const open = await within(card('Striker signs')).findByRole('button', {
      name: 'Show all 120 comments',
    });
    expect(countLine('Striker signs')).toBe('Comments:120');
    expect(countReads(post.id)).toHaveLength(1);
    expect(lines('Striker signs')).toEqual([]);
    // The page asked for every field but the comments, and read no comment.
    const [page] = reads;
    expect(JSON.stringify(page.body)).not.toContain('"fieldPath":"comments"');
    expect(threadReads(post.id)).toHaveLength(0);

    await user.click(open);
    await waitFor(() => expect(lines('Striker signs')).toHaveLength(THREAD_STEP));
    // The latest 50, oldest first, by one read.
    expect(lines('Striker signs').at(0)).toContain('Comment number 71');
    expect(lines('Striker signs').at(-1)).toContain('Comment number 120');
    expect(threadReads(post.id)).toHaveLength(1);
    const more = within(card('Striker signs')).getByRole('button', { name: 'Show more comments' });
    await waitFor(() => expect(more).toHaveFocus());

    // The 50 before them, above them.
    await user.click(more);
    await waitFor(() => expect(lines('Striker signs')).toHaveLength(2 * THREAD_STEP));
    expect(lines('Striker signs').at(0)).toContain('Comment number 21');
    expect(lines('Striker signs').at(-1)).toContain('Comment number 120');
    await waitFor(() => expect(more).toHaveFocus());
    expect(threadReads(post.id)).toHaveLength(2);

    // Then the rest; the button goes and focus moves to the comments.
    await user.click(more);
    await waitFor(() => expect(lines('Striker signs')).toHaveLength(120));
    expect(lines('Striker signs')).toEqual(
      comments(120).map((comment) => `${comment.user}: ${comment.text}`),
    );
    await waitFor(() =>
      expect(
        within(card('Striker signs')).queryByRole('button', { name: 'Show more comments' }),
      ).toBeNull(),
    );
    await waitFor(() =>
      expect(within(card('Striker signs')).getByRole('list', { name: 'Comments:' })).toHaveFocus(),
    );
    expect(threadReads(post.id)).toHaveLength(3);
    expect(countLine('Striker signs')).toBe('Comments:120');
  });

  it("a fan's comment shows at once, is counted, and ends the thread once it is opened", async () => {
    const [post] = await seedPosts([buildPost({ title: 'Keeper talks', comments: comments(30) })]);
    const { user } = await renderApp({ user: FAN_EMAIL });
    await within(card('Keeper talks')).findByRole('button', { name: 'Show all 30 comments' });
    const input = await within(card('Keeper talks')).findByRole('textbox', {
      name: 'Add a comment...',
    });
    await user.type(input, 'Sign him up{Enter}');
    await waitFor(() => expect(lines('Keeper talks')).toEqual([`${FAN_EMAIL}: Sign him up`]));
    expect(
      within(card('Keeper talks')).getByRole('button', { name: 'Show all 31 comments' }),
    ).toBeVisible();
    expect(await readCommentTotal(post.id)).toBe(31);

    await user.click(within(card('Keeper talks')).getByRole('button', { name: /Show all/ }));
    await waitFor(() => expect(lines('Keeper talks')).toHaveLength(31));
    expect(lines('Keeper talks').at(-1)).toContain('Sign him up');
    expect(lines('Keeper talks').at(0)).toContain('Comment number 1');
    expect(countLine('Keeper talks')).toBe('Comments:31');
  });

  it('reads it all the same when the read fails once (Firestore unavailable)', async () => {
    await seedPosts([buildPost({ title: 'Defender leaves', comments: comments(15) })]);
    const { user } = await renderApp();
    const open = await within(card('Defender leaves')).findByRole('button', {
      name: 'Show all 15 comments',
    });
    const refused = refuseReads(THREAD_READ, 1);
    await user.click(open);
    await waitFor(() => expect(lines('Defender leaves')).toHaveLength(15));
    expect(refused()).toBe(1);
    expect(within(card('Defender leaves')).queryByRole('alert')).toBeNull();
  });

  it('says so when the connection drops at each of three tries, and reads it when asked again', async () => {
    await seedPosts([buildPost({ title: 'Defender leaves', comments: comments(15) })]);
    const { user } = await renderApp();
    const open = await within(card('Defender leaves')).findByRole('button', {
      name: 'Show all 15 comments',
    });
    const refused = refuseReads(THREAD_READ, 3, dropped);
    await user.click(open);
    expect(await within(card('Defender leaves')).findByRole('alert')).toHaveTextContent(
      /Could not load the comments/,
    );
    expect(refused()).toBe(3);
    await user.click(open);
    await waitFor(() => expect(lines('Defender leaves')).toHaveLength(15));
    expect(within(card('Defender leaves')).queryByRole('alert')).toBeNull();
  });
});

describe('a short thread', () => {
  it('shows every comment in the card, read with the page', async () => {
    const [post] = await seedPosts([
      buildPost({ title: 'Winger agrees terms', comments: comments(3) }),
    ]);
    await renderApp();
    expect(lines('Winger agrees terms')).toEqual(
      comments(3).map((comment) => `${comment.user}: ${comment.text}`),
    );
    expect(countLine('Winger agrees terms')).toBe('Comments:3');
    expect(within(card('Winger agrees terms')).queryByRole('button', { name: /Show/ })).toBeNull();
    expect(threadReads(post.id)).toHaveLength(0);
    expect(countReads(post.id)).toHaveLength(0);
    expect(reads.filter((read) => read.method === 'batchGet')).toHaveLength(0);
  });
});

describe('a short thread grown elsewhere since the page read it', () => {
  it("takes a fan's comment all the same: the post's summary is read again and the comment made again", async () => {
    const [post] = await seedPosts([buildPost({ title: 'Busy post', comments: comments(7) })]);
    const { user } = await renderApp({ user: FAN_EMAIL });
    expect(lines('Busy post')).toHaveLength(7);
    // Two more elsewhere: the thread is now 9 long, more than its post's summary holds.
    await commentElsewhere(post.id, comments(1, 8)[0]);
    await commentElsewhere(post.id, comments(1, 9)[0]);

    const input = within(card('Busy post')).getByRole('textbox', { name: 'Add a comment...' });
    await user.type(input, 'Made it in{Enter}');
    await waitFor(() => expect(input).toHaveValue(''));
    expect(within(card('Busy post')).queryByRole('alert')).toBeNull();
    expect(await readCommentTotal(post.id)).toBe(10);
    expect((await readPost(post.id))?.comments.map((comment) => comment.text)).toEqual([
      ...comments(9).map((comment) => comment.text),
      'Made it in',
    ]);
    // The card now offers the whole thread, counted.
    await within(card('Busy post')).findByRole('button', { name: 'Show all 10 comments' });
  });
});

describe('a post an earlier version wrote', () => {
  it("of the spec's shape (its comments only): still shows them", async () => {
    await seedPosts(
      [
        buildPost({ title: 'Old news', comments: comments(2) }),
        buildPost({ title: 'Older news', comments: comments(12) }),
      ],
      { legacy: 'list' },
    );
    await renderApp();
    await waitFor(() => expect(lines('Old news')).toHaveLength(2));
    await waitFor(() => expect(lines('Older news')).toHaveLength(12));
    expect(lines('Older news')).toEqual(
      comments(12).map((comment) => `${comment.user}: ${comment.text}`),
    );
    expect(countLine('Older news')).toBe('Comments:12');
  });

  it('with the summary beside its list: a short one shows whole, a long one when asked', async () => {
    await seedPosts(
      [
        buildPost({ title: 'Old news', comments: comments(3) }),
        buildPost({ title: 'Older news', comments: comments(12) }),
      ],
      { legacy: 'summary' },
    );
    const { user } = await renderApp();
    expect(lines('Old news')).toHaveLength(3);
    expect(countLine('Older news')).toBe('Comments:12');
    await user.click(
      within(card('Older news')).getByRole('button', { name: 'Show all 12 comments' }),
    );
    await waitFor(() => expect(lines('Older news')).toHaveLength(12));
    expect(lines('Older news')).toEqual(
      comments(12).map((comment) => `${comment.user}: ${comment.text}`),
    );
  });
});

describe('live changes', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'performance'],
      shouldAdvanceTime: true,
    });
  });

  /** Lets the live checks' interval pass, then waits for what they started. */
  const nextCheck = () => act(() => vi.advanceTimersByTimeAsync(CHECK_EVERY_MS));

  it("a comment elsewhere: an open long thread shows it, a closed one's count moves", async () => {
    const [closed, open] = await seedPosts([
      buildPost({ title: 'Closed thread', comments: comments(20) }),
      buildPost({ title: 'Open thread', comments: comments(20) }),
    ]);
    const { user } = await renderApp();
    await user.click(
      await within(card('Open thread')).findByRole('button', { name: 'Show all 20 comments' }),
    );
    await waitFor(() => expect(lines('Open thread')).toHaveLength(20));
    await within(card('Closed thread')).findByRole('button', { name: 'Show all 20 comments' });

    await commentElsewhere(closed.id, comments(1, 21)[0]);
    await commentElsewhere(open.id, comments(1, 22)[0]);
    reads = [];
    await nextCheck();
    await waitFor(() => expect(lines('Open thread')).toHaveLength(21));
    expect(lines('Open thread').at(-1)).toContain('Comment number 22');
    await waitFor(() => expect(countLine('Open thread')).toBe('Comments:21'));
    await within(card('Closed thread')).findByRole('button', { name: 'Show all 21 comments' });
    expect(countLine('Closed thread')).toBe('Comments:21');
    expect(lines('Closed thread')).toEqual([]);
    // The closed thread's count alone was read again, none of its comments; the open one's
    // comments and replies added since were read in one query.
    expect(threadReads(closed.id)).toHaveLength(0);
    expect(threadReads(open.id)).toHaveLength(1);
  });

  it('a shown comment removed elsewhere goes from an open thread, and the count with it', async () => {
    const seeded = comments(20);
    const [post] = await seedPosts([buildPost({ title: 'Open thread', comments: seeded })]);
    const { user } = await renderApp();
    await user.click(
      await within(card('Open thread')).findByRole('button', { name: 'Show all 20 comments' }),
    );
    await waitFor(() => expect(lines('Open thread')).toHaveLength(20));

    // Comment number 15: one the post's counters count.
    await removeElsewhere(post.id, seeded[14]);
    await nextCheck();
    await waitFor(() => expect(lines('Open thread')).toHaveLength(19));
    expect(lines('Open thread')).not.toContain(`${seeded[14].user}: ${seeded[14].text}`);
    await waitFor(() => expect(countLine('Open thread')).toBe('Comments:19'));
    expect(await readCommentTotal(post.id)).toBe(19);
  });
});
