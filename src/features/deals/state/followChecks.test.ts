import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Deal } from '../data/deal';
import type { DealsAt } from '../store/dealReads';

/**
 * The hidden tab's checks of followed deals: their pace, no read without follows or while visible,
 * one move told once, and one checking tab among several (Web Locks). Reads are the store's
 * functions, counted here; time is Vitest's fake clock.
 */

const reads = vi.hoisted(() => ({
  changedAfter: vi.fn<(after: number) => Promise<DealsAt>>(),
  at: vi.fn<(ids: readonly string[]) => Promise<DealsAt>>(),
}));
vi.mock('../store/dealReads', () => ({
  readDealsChangedAfter: reads.changedAfter,
  readDealsAt: reads.at,
}));

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = Date.UTC(2026, 10, 25, 12, 0);

const DEAL: Deal = {
  id: 'elias-lindqvist',
  name: 'Elias Lindqvist',
  status: 'Talks',
  open: true,
  changed: START - HOUR,
  post: 'p1',
  history: [],
};

/** A minimal Web Locks manager: exclusive locks, granted in order, waiting requests abortable. */
class FakeLocks {
  private holders = new Set<string>();
  private waiting = new Map<string, (() => void)[]>();

  async request<T>(
    name: string,
    optionsOrTask: { signal?: AbortSignal } | (() => T | Promise<T>),
    maybeTask?: () => T | Promise<T>,
  ): Promise<T> {
    const task = typeof optionsOrTask === 'function' ? optionsOrTask : maybeTask;
    const signal = typeof optionsOrTask === 'function' ? undefined : optionsOrTask.signal;
    if (!task) throw new Error('no task');
    if (this.holders.has(name)) {
      await new Promise<void>((resolve, reject) => {
        const queue = this.waiting.get(name) ?? [];
        const grant = () => resolve();
        queue.push(grant);
        this.waiting.set(name, queue);
        signal?.addEventListener('abort', () => {
          queue.splice(queue.indexOf(grant), 1);
          reject(new DOMException('Aborted', 'AbortError'));
        });
      });
    }
    this.holders.add(name);
    try {
      return await task();
    } finally {
      const next = this.waiting.get(name)?.shift();
      if (next) next();
      else this.holders.delete(name);
    }
  }
}

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** A tab of the site: its own copy of the modules (the same localStorage and locks). */
async function openTab() {
  vi.resetModules();
  const checks = await import('./followChecks');
  const hiddenChecks = await import('./hiddenChecks');
  const news = await import('./dealNews');
  const follows = await import('./follows');
  return { ...checks, ...hiddenChecks, ...news, ...follows };
}

function nothingChanged(): Promise<DealsAt> {
  return Promise.resolve({ deals: [], readTime: Date.now() });
}

function readCount(): number {
  return reads.changedAfter.mock.calls.length + reads.at.mock.calls.length;
}

/** Lets `ms` pass, with the reads' promises settled between timers. */
async function pass(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  Object.defineProperty(navigator, 'locks', { value: new FakeLocks(), configurable: true });
  reads.changedAfter.mockReset().mockImplementation(nothingChanged);
  reads.at.mockReset().mockImplementation(() => nothingChanged());
});
afterEach(() => {
  vi.useRealTimers();
  setVisibility('visible');
  localStorage.clear();
});

describe('checks of followed deals while hidden', () => {
  it('read nothing with no follows, hidden for an hour', async () => {
    const tab = await openTab();
    const stop = tab.startFollowChecks();
    setVisibility('hidden');
    await pass(HOUR);
    expect(readCount()).toBe(0);
    stop();
  });

  it('read nothing while visible (the page’s own live checks do it)', async () => {
    const tab = await openTab();
    tab.follow(DEAL);
    const stop = tab.startFollowChecks();
    await pass(HOUR);
    expect(readCount()).toBe(0);
    stop();
  });

  it('with a follow, read once every 90 s: 40 reads in a hidden hour, nothing changing', async () => {
    const tab = await openTab();
    tab.follow(DEAL);
    const stop = tab.startFollowChecks();
    setVisibility('hidden');
    await pass(tab.HIDDEN_CHECK_EVERY_MS - 1);
    expect(readCount()).toBe(0);
    await pass(1);
    // Never checked: the followed deals themselves, once; then the change stamps since.
    expect(reads.at).toHaveBeenCalledExactlyOnceWith([DEAL.id]);
    await pass(HOUR - tab.HIDDEN_CHECK_EVERY_MS);
    expect(readCount()).toBe(40);
    // The last (at 40 × 90 s) reaches back OVERLAP_MS before the read before it (39 × 90 s).
    const [after] = reads.changedAfter.mock.calls.at(-1) ?? [];
    expect(after).toBe(START + 39 * tab.HIDDEN_CHECK_EVERY_MS - tab.OVERLAP_MS);
    stop();
  });

  it('begin 90 s after the last visible check, and stop when the last follow goes', async () => {
    const tab = await openTab();
    tab.follow(DEAL);
    localStorage.setItem(
      'transfer-feed.follow-checks',
      JSON.stringify({ at: Date.now(), to: Date.now() }),
    );
    const stop = tab.startFollowChecks();
    setVisibility('hidden');
    await pass(tab.HIDDEN_CHECK_EVERY_MS - 1);
    expect(readCount()).toBe(0);
    await pass(1);
    expect(reads.changedAfter).toHaveBeenCalledExactlyOnceWith(START - tab.OVERLAP_MS);
    tab.unfollow(DEAL.id);
    await pass(HOUR);
    expect(readCount()).toBe(1);
    stop();
  });

  it('tell a followed deal’s move once, though the next check reads it again', async () => {
    const tab = await openTab();
    tab.follow(DEAL);
    const told: string[] = [];
    const stopNews = tab.onNews((news) => told.push(`${news.name}: ${news.status}`));
    const stop = tab.startFollowChecks();
    const done: Deal = { ...DEAL, status: 'Done deal', open: false, changed: START + MINUTE };
    const movedOn = () => Promise.resolve({ deals: [done], readTime: Date.now() });
    reads.at.mockImplementation(movedOn);
    reads.changedAfter.mockImplementation(movedOn);
    setVisibility('hidden');
    await pass(3 * tab.HIDDEN_CHECK_EVERY_MS);
    expect(readCount()).toBe(3);
    expect(told).toEqual(['Elias Lindqvist: Done deal']);
    stopNews();
    stop();
  });

  it('run in one tab of five (a Web Lock): five hidden tabs read what one does, and the next takes over when it closes', async () => {
    const tabs = [];
    for (let index = 0; index < 5; index += 1) tabs.push(await openTab());
    tabs[0].follow(DEAL);
    const stops = tabs.map((tab) => tab.startFollowChecks());
    setVisibility('hidden');
    await pass(HOUR);
    expect(readCount()).toBe(40);

    stops[0]();
    await pass(HOUR);
    expect(readCount()).toBe(80);
    for (const stop of stops.slice(1)) stop();
  });
});
