/**
 * One emulator per data directory: a second one would cut the first one's journal short when it
 * drops what it takes for a torn last line. The lock file names its owner by PID and, where
 * /proc tells it (Linux), by the owner's start time, so a lock left by a killed emulator is taken
 * over at once: when its owner is gone, when it is a zombie not yet reaped by its parent, and when
 * its PID now belongs to another process (which started at another time).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'emulator.lock';

interface LockOwner {
  pid: number;
  /** The process's start time in clock ticks after boot (/proc/PID/stat), or null where unknown. */
  started: number | null;
}

/** Takes the directory's lock, taking over a stale one; throws when a live emulator holds it. */
export function lockDataDir(dir: string): void {
  const path = join(dir, LOCK_FILE);
  const mine: LockOwner = { pid: process.pid, started: processStart(process.pid) };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, JSON.stringify(mine), { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error; // a system error
      const owner = readOwner(path);
      if (owner && holds(owner)) {
        throw new Error(`${dir} is in use by another emulator (process ${owner.pid}).`);
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}.`);
}

export function unlockDataDir(dir: string): void {
  rmSync(join(dir, LOCK_FILE), { force: true });
}

function readOwner(path: string): LockOwner | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null; // removed in between: its owner has just stopped
  }
  // Older emulators wrote the bare PID.
  if (/^\d+$/.test(text.trim())) return { pid: Number(text), started: null };
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const pid = 'pid' in parsed ? parsed.pid : undefined;
    const started = 'started' in parsed ? parsed.started : null;
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return null;
    return { pid, started: typeof started === 'number' ? started : null };
  } catch {
    return null; // torn or foreign: no emulator holds it
  }
}

/** Whether the process that wrote the lock is still running as that same process. */
function holds(owner: LockOwner): boolean {
  if (!isRunning(owner.pid)) return false;
  const stat = readStat(owner.pid);
  if (stat === null) return true; // no /proc (not Linux): a live PID is all we can tell
  if (stat.state === 'Z' || stat.state === 'X') return false; // dead, not yet reaped
  return owner.started === null || owner.started === stat.started;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // a system error; EPERM: alive, not ours
  }
}

export function processStart(pid: number): number | null {
  return readStat(pid)?.started ?? null;
}

/**
 * /proc/PID/stat: "PID (COMMAND) STATE PPID ..." with the start time as field 22. COMMAND may hold
 * spaces and parentheses, so fields are counted after the last ')'.
 */
function readStat(pid: number): { state: string; started: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const started = Number(fields[19]);
  return Number.isInteger(started) ? { state: fields[0], started } : null;
}
