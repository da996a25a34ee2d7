import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long one look at the machine's CPUs lasts. */
const WINDOW_MS = 250;
/** Busier than this, over a window, is not quiet (an idle two-core machine reads 0–2 %). */
const QUIET_SHARE = 0.1;
/** A machine that never settles is measured anyway: the wait is printed beside the figures. */
const LONGEST_WAIT_MS = 30_000;

/**
 * Waits until the machine's CPUs have been quiet for two windows in a row, or LONGEST_WAIT_MS;
 * resolves with the time waited. Lighthouse times the page on the CPUs it shares with the bench's
 * own servers: right after a feed is written again (3,600 documents on deadline day) the Firestore
 * emulator keeps both cores busy for a second or two, and a visit started then is timed on a
 * fraction of a core, its benchmark index read low. Every visit starts from the same quiet.
 */
export async function untilMachineQuiet(): Promise<number> {
  const started = Date.now();
  let quietWindows = 0;
  while (quietWindows < 2 && Date.now() - started < LONGEST_WAIT_MS) {
    const before = cpuTimes();
    await sleep(WINDOW_MS);
    const after = cpuTimes();
    const total = after.total - before.total;
    const busy = total > 0 ? 1 - (after.idle - before.idle) / total : 0;
    quietWindows = busy <= QUIET_SHARE ? quietWindows + 1 : 0;
  }
  return Date.now() - started;
}

/** Milliseconds all CPUs have spent in all, and idle, since boot. */
function cpuTimes(): { total: number; idle: number } {
  let total = 0;
  let idle = 0;
  for (const { times } of cpus()) {
    total += times.user + times.nice + times.sys + times.idle + times.irq;
    idle += times.idle;
  }
  return { total, idle };
}
