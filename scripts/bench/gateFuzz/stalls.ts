/**
 * The gate runs in this process, as it runs inside `npm run dev`: while its own code holds the
 * event loop (a check that takes seconds), no request through it moves, whoever would answer it.
 * A tick every 100 ms that comes over 1 s late marks such a stall, so a slow answer can be told
 * from one that was only held up behind another request's.
 */
export interface Stall {
  /** performance.now() at the last tick on time, and at the late one. */
  from: number;
  to: number;
}

const TICK_MS = 100;
const STALL_MS = 1000;

export function watchStalls(): { stalls: Stall[]; stop(): void } {
  const stalls: Stall[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - last > STALL_MS) stalls.push({ from: last, to: now });
    last = now;
  }, TICK_MS);
  return { stalls, stop: () => clearInterval(timer) };
}

/** Whether a request sent at `startedAt` that took `ms` overlapped a stall. */
export function overlapsStall(stalls: readonly Stall[], startedAt: number, ms: number): boolean {
  return stalls.some((stall) => stall.from < startedAt + ms && stall.to > startedAt);
}
