/**
 * The live feed: changes made on another device reach an open page through its checks
 * (src/features/live/state/liveChecks.ts) against the real emulator. Timers are faked only so that
 * 30 seconds pass at once; every read is real.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_EVERY_MS, listenToChanges } from './state/liveChecks';
import {
  buildPost,
  commentElsewhere,
  deleteStoredPost,
  editElsewhere,
  publishElsewhere,
  seedPosts,
  type StoredPost,
} from '../../../tests/support/app/firestore';
import { refuseReads } from '../../../tests/support/app/refusals';
import { FAN_EMAIL, renderApp, resetApp } from '../../../tests/support/app/renderApp';

let seeded: StoredPost[];
/** Each runQuery and batchGet the page sends, by the collection or documents it asks for. */
let reads: string[];

beforeEach(async () => {
  await resetApp();
  seeded = await seedPosts([
    buildPost({ title: 'Winger agrees terms' }),
    buildPost({ title: 'Keeper talks' }),
    buildPost({ title: 'Defender leaves' }),
  ]);
  reads = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = /:(runQuery|batchGet)\b/.exec(url)?.[1];
    if (method && typeof init?.body === 'string') reads.push(`${method} ${init.body}`);
    return realFetch(input, init);
  });
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'performance'],
    shouldAdvanceTime: true,
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setVisibility('visible');
});

/** Lets the live checks' interval pass, then waits for what they started. */
async function nextCheck(): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(CHECK_EVERY_MS));
}

const changeChecks = () => reads.filter((read) => read.includes('postChanges'));
/** In the body of a check's query for the change stamps alone. */
const STAMPS_QUERY = '"collectionId":"postChanges"';
const titles = () =>
  screen.getAllByRole('article').map((article) => article.querySelector('h3')?.textContent);

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('new posts while the page is open', () => {
  it('waits behind "1 new post" without moving the feed; pressing it shows the post on top, focused', async () => {
    const { user } = await renderApp();
    const before = titles();
    await publishElsewhere('Striker signs');

    await nextCheck();
    const button = await screen.findByRole('button', { name: '1 new post' });
    expect(titles()).toEqual(before);

    await user.click(button);
    await waitFor(() => expect(titles()[0]).toBe('Striker signs'));
    const newest = screen.getByRole('article', { name: 'Striker signs' });
    await waitFor(() => expect(newest).toHaveFocus());
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();
  });

  it('counts several: "2 new posts"', async () => {
    await renderApp();
    await publishElsewhere('Striker signs');
    await publishElsewhere('Midfielder signs');
    await nextCheck();
    expect(await screen.findByRole('button', { name: '2 new posts' })).toBeVisible();
  });
});

describe('loaded posts stay current', () => {
  it('shows an edit and a comment made elsewhere, keeping a comment being typed and its focus', async () => {
    const { user } = await renderApp({ user: FAN_EMAIL });
    const card = () => screen.getByRole('article', { name: 'Winger agrees terms' });
    const input = await within(card()).findByRole('textbox', { name: 'Add a comment...' });
    await user.type(input, 'Half-typed thought');

    await commentElsewhere(seeded[0].id, {
      user: 'other@example.com',
      text: 'What a signing',
      date: '01/01/2026, 10:00:00',
    });
    await editElsewhere(seeded[1].id, 'Talks have broken down.');
    await nextCheck();

    await waitFor(() =>
      expect(within(card()).getByRole('list', { name: 'Comments:' })).toHaveTextContent(
        'other@example.com: What a signing',
      ),
    );
    expect(screen.getByRole('article', { name: 'Keeper talks' })).toHaveTextContent(
      'Talks have broken down.',
    );
    expect(input).toHaveValue('Half-typed thought');
    expect(input).toHaveFocus();
  });

  it('removes a post deleted elsewhere', async () => {
    await renderApp();
    await deleteStoredPost(seeded[2].id);
    await nextCheck();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Defender leaves' })).toBeNull(),
    );
    expect(titles()).toEqual(['Winger agrees terms', 'Keeper talks']);
    // The feed is settled again: not busy, as if the post had never been loaded.
    expect(screen.getByRole('feed')).toHaveAttribute('aria-busy', 'false');
  });

  it('keeps a deleted post whose comment box holds text, says so, and lets the text be copied', async () => {
    const { user } = await renderApp({ user: FAN_EMAIL });
    const card = () => screen.getByRole('article', { name: 'Keeper talks' });
    await user.type(within(card()).getByRole('textbox', { name: 'Add a comment...' }), 'Keep me');
    await deleteStoredPost(seeded[1].id);
    await nextCheck();

    expect(await within(card()).findByText('This post was deleted')).toBeVisible();
    expect(within(card()).getByRole('textbox', { name: 'Add a comment...' })).toHaveValue(
      'Keep me',
    );
  });
});

describe('a check that fails', () => {
  it('rides out one failure (Firestore unavailable): the news comes with that check', async () => {
    await renderApp();
    await publishElsewhere('Striker signs');
    const refused = refuseReads(STAMPS_QUERY, 1);
    await nextCheck();
    expect(await screen.findByRole('button', { name: '1 new post' })).toBeVisible();
    expect(refused()).toBe(1);
  });

  it('failing three times says nothing and leaves the feed as it was; a later check brings the news', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await renderApp();
    const before = titles();
    await publishElsewhere('Striker signs');
    const refused = refuseReads(STAMPS_QUERY, 3);
    await nextCheck();
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        'Could not check for changes to the feed',
        expect.anything(),
      ),
    );
    expect(refused()).toBe(3);
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(titles()).toEqual(before);

    // After a failed check the next comes later (liveChecks' own backoff: twice the interval).
    await act(() => vi.advanceTimersByTimeAsync(2 * CHECK_EVERY_MS));
    expect(await screen.findByRole('button', { name: '1 new post' })).toBeVisible();
  });
});

describe('what the checks cost', () => {
  it('with nothing changed, one check is one query; a hidden page asks nothing, and checks at once when shown', async () => {
    // A check still running when the page is shown again is the check: wait for it to end.
    let ended = 0;
    const stopListening = listenToChanges(() => (ended += 1));
    await renderApp();
    await nextCheck();
    await waitFor(() => expect(ended).toBe(1));
    stopListening();
    expect(changeChecks()).toHaveLength(1);
    expect(reads.filter((read) => read.startsWith('batchGet'))).toHaveLength(0);

    setVisibility('hidden');
    await act(() => vi.advanceTimersByTimeAsync(10 * CHECK_EVERY_MS));
    expect(changeChecks()).toHaveLength(1);

    setVisibility('visible');
    await act(() => vi.advanceTimersByTimeAsync(0));
    await waitFor(() => expect(changeChecks()).toHaveLength(2));
  });
});
