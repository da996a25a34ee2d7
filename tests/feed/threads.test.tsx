/**
 * Long threads (the deadline-day feed): pages read posts without their comments, a card shows
 * how many there are and a short thread whole, and a long one when asked for (one read), 50 at a
 * time. Every read is real, against the emulator; fetch is only watched, to count what was asked.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THREAD_STEP } from '../../src/features/comments/components/OpenThread';
import { CHECK_EVERY_MS } from '../../src/features/live/state/liveChecks';
import {
  buildPost,
  commentElsewhere,
  readCommentCount,
  readPost,
  seedPosts,
  type SeedPost,
} from './support/firestore';
import { dropped, refuseReads } from './support/refusals';
import { FAN_EMAIL, renderApp, resetApp } from './support/renderApp';

/** Each runQuery and batchGet the page sends: its method and its body. */
let reads: { method: string; body: Record<string, unknown> }[];

beforeEach(async () => {
  await resetApp();
  reads = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = /:(runQuery|batchGet)\b/.exec(url)?.[1];
    if (method && typeof init?.body === 'string') {
      const body: unknown = JSON.parse(init.body);
      if (typeof body === 'object' && body !== null) {
        reads.push({ method, body: Object.fromEntries(Object.entries(body)) });
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
const lines = (title: string) =>
  within(card(title))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const batchGets = () => reads.filter((read) => read.method === 'batchGet');
/** In the body of a thread's read alone: its posts' comments, nothing else (a mask). */
const THREAD_READ = '"mask":{"fieldPaths":["comments"]}';

describe('a long thread', () => {
  it('shows its count and a control, reads the thread once when asked, then 50 at a time', async () => {
    await seedPosts([buildPost({ title: 'Striker signs', comments: comments(120) })]);
    const { user } = await renderApp();

    const heading = within(card('Striker signs')).getByRole('heading', { name: 'Comments:' });
    expect(heading.parentElement).toHaveTextContent(/^Comments:120$/);
    expect(lines('Striker signs')).toEqual([]);
    // The page asked for every field but the thread.
    const [page] = reads;
    expect(JSON.stringify(page.body)).not.toContain('"fieldPath":"comments"');

    const open = within(card('Striker signs')).getByRole('button', {
      name: 'Show all 120 comments',
    });
    await user.click(open);
    await waitFor(() => expect(lines('Striker signs')).toHaveLength(THREAD_STEP));
    expect(batchGets()).toHaveLength(1);
    expect(batchGets()[0].body.documents).toHaveLength(1);
    // The latest 50, oldest first; earlier ones above them when asked for.
    expect(lines('Striker signs').at(0)).toContain('Comment number 71');
    expect(lines('Striker signs').at(-1)).toContain('Comment number 120');
    const more = within(card('Striker signs')).getByRole('button', { name: 'Show more comments' });
    expect(more).toHaveFocus();

    await user.click(more);
    expect(lines('Striker signs')).toHaveLength(2 * THREAD_STEP);
    expect(more).toHaveFocus();
    await user.click(more);
    expect(lines('Striker signs')).toHaveLength(120);
    expect(lines('Striker signs').at(0)).toContain('Comment number 1');
    expect(
      within(card('Striker signs')).queryByRole('button', { name: 'Show more comments' }),
    ).toBeNull();
    expect(within(card('Striker signs')).getByRole('list', { name: 'Comments:' })).toHaveFocus();
    // Showing more read nothing more.
    expect(batchGets()).toHaveLength(1);
  });

  it("a fan's comment shows at once, is counted, and ends the thread once it is opened", async () => {
    const [post] = await seedPosts([buildPost({ title: 'Keeper talks', comments: comments(30) })]);
    const { user } = await renderApp({ user: FAN_EMAIL });
    const input = await within(card('Keeper talks')).findByRole('textbox', {
      name: 'Add a comment...',
    });
    await user.type(input, 'Sign him up{Enter}');
    await waitFor(() => expect(lines('Keeper talks')).toEqual([`${FAN_EMAIL}: Sign him up`]));
    expect(
      within(card('Keeper talks')).getByRole('button', { name: 'Show all 31 comments' }),
    ).toBeVisible();
    expect(await readCommentCount(post.id)).toBe(31);

    await user.click(within(card('Keeper talks')).getByRole('button', { name: /Show all/ }));
    await waitFor(() => expect(lines('Keeper talks')).toHaveLength(31));
    expect(lines('Keeper talks').at(-1)).toContain('Sign him up');
  });

  it('reads it all the same when the read fails once (Firestore unavailable)', async () => {
    await seedPosts([buildPost({ title: 'Defender leaves', comments: comments(15) })]);
    const { user } = await renderApp();
    const refused = refuseReads(THREAD_READ, 1);
    await user.click(
      within(card('Defender leaves')).getByRole('button', { name: 'Show all 15 comments' }),
    );
    await waitFor(() => expect(lines('Defender leaves')).toHaveLength(15));
    expect(refused()).toBe(1);
    expect(within(card('Defender leaves')).queryByRole('alert')).toBeNull();
  });

  it('says so when the connection drops at each of three tries, and reads it when asked again', async () => {
    await seedPosts([buildPost({ title: 'Defender leaves', comments: comments(15) })]);
    const { user } = await renderApp();
    const open = within(card('Defender leaves')).getByRole('button', {
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
    await seedPosts([buildPost({ title: 'Winger agrees terms', comments: comments(3) })]);
    await renderApp();
    expect(lines('Winger agrees terms')).toHaveLength(3);
    expect(within(card('Winger agrees terms')).queryByRole('button', { name: /Show/ })).toBeNull();
    expect(batchGets()).toHaveLength(0);
  });
});

describe('a short thread grown elsewhere since the page read it', () => {
  it("takes a fan's comment all the same: the post's summary is read again and the comment made again", async () => {
    const [post] = await seedPosts([buildPost({ title: 'Busy post', comments: comments(9) })]);
    const { user } = await renderApp({ user: FAN_EMAIL });
    expect(lines('Busy post')).toHaveLength(9);
    // Two more elsewhere: the thread is now 11 long, and its card's comments are gone.
    await commentElsewhere(post.id, comments(1, 10)[0]);
    await commentElsewhere(post.id, comments(1, 11)[0]);

    const input = within(card('Busy post')).getByRole('textbox', { name: 'Add a comment...' });
    await user.type(input, 'Made it in{Enter}');
    await waitFor(() => expect(input).toHaveValue(''));
    expect(within(card('Busy post')).queryByRole('alert')).toBeNull();
    expect(await readCommentCount(post.id)).toBe(12);
    expect((await readPost(post.id))?.comments.at(-1)?.text).toBe('Made it in');
  });
});

describe('a post an older version wrote (its comments only, no summary)', () => {
  it('still shows its comments, all such posts of a page read in one request', async () => {
    await seedPosts(
      [
        buildPost({ title: 'Old news', comments: comments(2) }),
        buildPost({ title: 'Older news', comments: comments(12) }),
      ],
      { legacy: true },
    );
    await renderApp();
    await waitFor(() => expect(lines('Old news')).toHaveLength(2));
    expect(lines('Older news')).toHaveLength(12);
    expect(within(card('Older news')).getByText('12')).toBeVisible();
    expect(batchGets()).toHaveLength(1);
  });

  it("a fan's comment gives it its summary", async () => {
    const [post] = await seedPosts([buildPost({ title: 'Old news', comments: comments(1) })], {
      legacy: true,
    });
    const { user } = await renderApp({ user: FAN_EMAIL });
    await waitFor(() => expect(lines('Old news')).toHaveLength(1));
    const input = within(card('Old news')).getByRole('textbox', { name: 'Add a comment...' });
    await user.type(input, 'Still here{Enter}');
    await waitFor(() => expect(lines('Old news')).toHaveLength(2));
    expect(await readCommentCount(post.id)).toBe(2);
  });
});

describe('live changes', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'performance'],
      shouldAdvanceTime: true,
    });
  });

  it('read a closed thread without its comments, and an open one whole', async () => {
    const [closed, open] = await seedPosts([
      buildPost({ title: 'Closed thread', comments: comments(20) }),
      buildPost({ title: 'Open thread', comments: comments(20) }),
    ]);
    const { user } = await renderApp();
    await user.click(within(card('Open thread')).getByRole('button', { name: /Show all/ }));
    await waitFor(() => expect(lines('Open thread')).toHaveLength(20));

    await commentElsewhere(closed.id, comments(1, 21)[0]);
    await commentElsewhere(open.id, comments(1, 21)[0]);
    reads = [];
    await act(() => vi.advanceTimersByTimeAsync(CHECK_EVERY_MS));
    await waitFor(() => expect(lines('Open thread')).toHaveLength(21));
    expect(within(card('Closed thread')).getByText('21')).toBeVisible();
    expect(lines('Closed thread')).toEqual([]);

    const masks = batchGets().map((read) => ({
      documents: read.body.documents,
      masked: 'mask' in read.body,
    }));
    expect(masks).toEqual(
      expect.arrayContaining([
        { documents: [expect.stringMatching(new RegExp(`/${closed.id}$`))], masked: true },
        { documents: [expect.stringMatching(new RegExp(`/${open.id}$`))], masked: false },
      ]),
    );
  });
});
