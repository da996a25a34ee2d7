import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** Everything it has printed so far (stdout and stderr), whole lines only. */
  output(): string;
  /**
   * The first line matching `pattern`, printed before or after this call. Rejects when the process
   * ends without printing one, or after `timeoutMs`.
   */
  waitForLine(pattern: RegExp | string, timeoutMs?: number): Promise<string>;
  /** Resolves once it has exited and its output has all been read. */
  exited: Promise<Exit>;
  /**
   * Signals its process group (SIGTERM unless told), SIGKILL after 5 s; resolves when it exited.
   */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Fails with a message naming the port when something already listens there. */
export async function assertPortFree(host: string, port: number, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} (${what}) is already in use on ${host}. Stop whatever uses it and retry.`
            : `Cannot listen on ${host}:${port} (${what}): ${error.message}`,
        ),
      );
    });
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/**
 * A port nothing listens on right now, as the OS hands out (for servers a test or bench starts).
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, host, resolve);
  });
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('No port was assigned.');
  return address.port;
}

/** Polls until an HTTP server answers at url (any status), or the child dies, or time runs out. */
export async function waitForHttp(
  url: string,
  managed: ManagedProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { exitCode, signalCode } = managed.child;
    // A process ended by a signal (stopped while it started) has no exit code, only the signal.
    if (exitCode !== null || signalCode !== null) {
      const how =
        exitCode !== null ? `exited with code ${exitCode}` : `was stopped (${signalCode})`;
      throw new Error(`${managed.name} ${how} while starting.${tail(managed)}`);
    }
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  throw new Error(
    `${managed.name} did not answer at ${url} within ${timeoutMs / 1000} s.${tail(managed)}`,
  );
}

/** The last lines a process printed, for an error message about it. */
export function tail(managed: ManagedProcess, lines = 15): string {
  const last = managed.output().trimEnd().split('\n').slice(-lines).join('\n');
  return last ? `\n${last}` : '';
}

export interface SpawnOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Each output line goes here too. */
  onLine?: (line: string) => void;
}

export function spawnManaged(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions = {},
): ManagedProcess {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stop() also ends anything it started (Java-less, but firebase-tools
    // forks).
    detached: true,
  });
  const lines: string[] = [];
  let ended = false;
  const waiters = new Set<(line: string | null) => void>();
  const take = (line: string) => {
    lines.push(line);
    options.onLine?.(line);
    for (const waiter of waiters) waiter(line);
  };
  // A command that cannot be started is reported as its output, then 'close' ends it.
  child.once('error', (error) => take(`${name}: ${error.message}`));
  // readline hands over whole lines: a line the pipe delivers in two chunks is still one line.
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream, crlfDelay: Infinity }).on('line', take);
  }
  // 'close' comes after 'exit' once stdout and stderr have ended: the output is complete.
  const exited = new Promise<Exit>((resolve) =>
    child.once('close', (code: number | null, signal: NodeJS.Signals | null) => {
      ended = true;
      for (const waiter of waiters) waiter(null);
      resolve({ code, signal });
    }),
  );
  const managed: ManagedProcess = {
    name,
    child,
    output: () => lines.map((line) => `${line}\n`).join(''),
    waitForLine: (pattern, timeoutMs = 30_000) =>
      waitForLine({ managed, lines, waiters, ended: () => ended }, pattern, timeoutMs),
    exited,
    async stop(signal = 'SIGTERM') {
      if (ended || child.pid === undefined) return;
      // The whole group, also when the child itself has already exited but left something running.
      signalGroup(child.pid, signal);
      const killTimer = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(killTimer);
    },
  };
  return managed;
}

interface LineSource {
  managed: ManagedProcess;
  lines: readonly string[];
  /** Told each new line, and null once the process has ended. */
  waiters: Set<(line: string | null) => void>;
  ended: () => boolean;
}

/**
 * The first line (printed already or to come) matching `pattern`; rejects if none comes in time.
 */
function waitForLine(
  { managed, lines, waiters, ended }: LineSource,
  pattern: string | RegExp,
  timeoutMs: number,
): Promise<string> {
  const matches = (line: string) =>
    typeof pattern === 'string' ? line.includes(pattern) : pattern.test(line);
  const seen = lines.find(matches);
  if (seen !== undefined) return Promise.resolve(seen);
  return new Promise((resolve, reject) => {
    const failure = (why: string) => new Error(`${managed.name} ${why}.${tail(managed)}`);
    if (ended()) return reject(failure(`ended without printing a line with ${String(pattern)}`));
    const timer = setTimeout(() => {
      waiters.delete(waiter);
      reject(failure(`printed no line with ${String(pattern)} within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const waiter = (line: string | null) => {
      if (line !== null && !matches(line)) return;
      waiters.delete(waiter);
      clearTimeout(timer);
      if (line !== null) resolve(line);
      else reject(failure(`ended without printing a line with ${String(pattern)}`));
    };
    waiters.add(waiter);
  });
}

function signalGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}
