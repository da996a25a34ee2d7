/**
 * Stops the emulator when a process that started it goes away, however it was started: through
 * `npx`, `npm run`, `tsx` or a shell, a signal to the top process does not always reach this one,
 * and an orphan would keep serving (and keep the port) without ever exporting. On Linux the whole
 * chain of ancestors is watched; elsewhere only the parent.
 */
import { readFileSync } from 'node:fs';

const POLL_MS = 500;

/** Parent pid of `pid` from /proc (the field after the command name, which may hold spaces). */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[1]);
  } catch {
    return null;
  }
}

function ancestors(): number[] {
  const chain: number[] = [];
  let pid: number | null = process.ppid;
  while (pid !== null && pid > 1 && chain.length < 32) {
    chain.push(pid);
    pid = parentOf(pid);
  }
  return chain;
}

/** Calls `onOrphaned` once, when any process that started this one has exited. */
export function watchAncestors(onOrphaned: (why: string) => void): void {
  const onLinux = process.platform === 'linux';
  const original = onLinux ? ancestors() : [process.ppid];
  const timer = setInterval(() => {
    const now = onLinux ? ancestors() : [process.ppid];
    // A dead ancestor's children are re-parented, so the chain changes from that point up.
    const gone = original.find((pid, i) => now[i] !== pid);
    if (gone === undefined) return;
    clearInterval(timer);
    onOrphaned(`process ${gone}, which started the emulator, has exited`);
  }, POLL_MS);
  timer.unref();
}
