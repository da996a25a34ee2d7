/** emulator.lock: who may take over a data directory's lock (the process-level test is in durability.test.ts). */
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataDir, processStart } from '../../emulator/dataDirLock';
import { spawnManaged, type ManagedProcess } from '../../scripts/lib/processes';
import { until } from './cliProcess';

let dir: string;
const started: ManagedProcess[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'emulator-lock-'));
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((process) => process.stop('SIGKILL')));
  await rm(join(dir, LOCK_FILE), { force: true });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** An unrelated live process: what a PID left in a lock may belong to by now. */
async function otherProcess(): Promise<number> {
  const sleeper = spawnManaged('sleep', 'sh', ['-c', 'echo started; exec sleep 60']);
  started.push(sleeper);
  await sleeper.waitForLine('started');
  if (sleeper.child.pid === undefined) throw new Error('sleep did not start');
  return sleeper.child.pid;
}

/** Starts `true`, prints its PID, then blocks for a minute without reaping it. */
const ZOMBIE_PARENT = `
  const child = require('node:child_process').spawn('true', { stdio: 'ignore' });
  console.log(child.pid);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
`;

const lockOwner = async () => JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8')) as unknown;
const writeLock = (owner: unknown) => writeFile(join(dir, LOCK_FILE), JSON.stringify(owner));

describe.skipIf(process.platform !== 'linux')('the data directory lock', () => {
  it('is taken when free, naming this process and its start time', async () => {
    lockDataDir(dir);
    expect(await lockOwner()).toEqual({ pid: process.pid, started: processStart(process.pid) });
  });

  it('refuses a directory whose owner is still running', async () => {
    const pid = await otherProcess();
    await writeLock({ pid, started: processStart(pid) });
    expect(() => lockDataDir(dir)).toThrow(`is in use by another emulator (process ${pid})`);
  });

  it('takes over a lock whose PID now belongs to a process started at another time', async () => {
    const pid = await otherProcess();
    const start = processStart(pid);
    if (start === null) throw new Error('no start time for a live process');
    await writeLock({ pid, started: start - 1 });
    lockDataDir(dir);
    expect(await lockOwner()).toMatchObject({ pid: process.pid });
  });

  it('takes over a lock whose owner is a zombie its parent has not reaped', async () => {
    // Node reaps its children from its event loop, so a parent that blocks its loop never does.
    const parent = spawnManaged('zombie parent', process.execPath, ['-e', ZOMBIE_PARENT]);
    started.push(parent);
    const pid = Number(await parent.waitForLine(/^\d+$/));
    const state = () => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
    await until(() => state() === 'Z', 'the child to become a zombie');
    await writeLock({ pid, started: processStart(pid) });
    lockDataDir(dir);
    expect(await lockOwner()).toMatchObject({ pid: process.pid });
  });

  it('takes over a lock whose owner is gone', async () => {
    const gone = spawnManaged('true', 'true', []);
    await gone.exited;
    await writeLock({ pid: gone.child.pid, started: 1 });
    lockDataDir(dir);
    expect(await lockOwner()).toMatchObject({ pid: process.pid });
  });
});
