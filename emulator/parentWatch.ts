/**
 * Stops the emulator when a process that started it goes away, however it was started: through
 * `npx`, `npm run`, `tsx` or a shell, a signal to the top process does not always reach this one,
 * and an orphan would keep serving (and keep the port) without ever exporting. Watched: the
 * parent, and on Linux every ancestor in the emulator's own process group (the command a shell
 * started as one job, e.g. npx → tsx → node), so a shell that exits after starting it in the
 * background, or a launcher that gives it its own group, does not stop it.
 */
import { readFileSync } from 'node:fs';

const POLL_MS = 500;

/** Parent pid and process group of `pid`, from /proc (after the command name, which may hold spaces). */
function statOf(pid: number | 'self'): { parent: number; group: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { parent: Number(fields[1]), group: Number(fields[2]) };
  } catch {
    return null;
  }
}

function ancestors(): number[] {
  const group = statOf('self')?.group;
  const chain: number[] = [process.ppid];
  let stat = statOf(process.ppid);
  while (stat && stat.parent > 1 && chain.length < 32) {
    const parent = statOf(stat.parent);
    if (!parent || parent.group !== group) break;
    chain.push(stat.parent);
    stat = parent;
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
