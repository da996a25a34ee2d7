import { useEffect } from 'react';
import { createExternalStore, useExternalStore, type ExternalStore } from '../state/externalStore';

interface Clock {
  time: ExternalStore<number>;
  readers: number;
  stop?: () => void;
}

/** How often "3 minutes ago" is worked out again while the page is visible. */
export const TIME_REFRESH_MS = 60_000;

/** One clock an interval, however many cards and comments read it. */
const clocks = new Map<number, Clock>();

/**
 * The time now, renewed every `everyMs` while the page is visible and at once when it is shown
 * again: what "3 minutes ago" is counted from. Every reader of one interval shares one clock and
 * one timer (a feed of cards with their comments keeps one); a hidden page keeps none.
 */
export function useNow(everyMs: number): number {
  useEffect(() => read(everyMs), [everyMs]);
  return useExternalStore(clockOf(everyMs).time);
}

/** A reader more of the clock (its timer runs while it has any); returns the reader's leaving. */
function read(everyMs: number): () => void {
  const clock = clockOf(everyMs);
  clock.readers += 1;
  if (clock.readers === 1) clock.stop = run(clock.time, everyMs);
  return () => {
    clock.readers -= 1;
    if (clock.readers === 0) clock.stop?.();
  };
}

function clockOf(everyMs: number): Clock {
  let clock = clocks.get(everyMs);
  if (!clock) {
    clock = { time: createExternalStore(Date.now()), readers: 0 };
    clocks.set(everyMs, clock);
  }
  return clock;
}

/** Starts a clock's timer (its time set now: it may have stood still with no reader). */
function run(time: ExternalStore<number>, everyMs: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    clearTimeout(timer);
    if (document.visibilityState !== 'visible') return;
    time.set(Date.now());
    timer = setTimeout(tick, everyMs);
  };
  tick();
  document.addEventListener('visibilitychange', tick);
  return () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', tick);
  };
}
