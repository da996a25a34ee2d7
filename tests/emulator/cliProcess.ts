/** The emulator as a child process (emulator/cli.ts), for tests that stop, kill and restart it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface CliProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `node --import tsx emulator/cli.ts ...args`, or any other command line that starts it. */
export function startCli(args: string[], command: string[] = []): CliProcess {
  const [program, ...programArgs] =
    command.length > 0
      ? command
      : [process.execPath, '--import', 'tsx', join(ROOT, 'emulator/cli.ts')];
  const child = spawn(program, [...programArgs, ...args], { cwd: ROOT });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  return { child, output: () => output, exited };
}

export async function until(check: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 25));
  }
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  return typeof address === 'object' && address ? address.port : 0;
}

/** Whether something accepts connections on the port. */
export async function listening(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/** POST .../documents:{verb} as the owner (rules bypassed). */
export async function ownerCall(
  port: number,
  project: string,
  verb: string,
  body: unknown,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(
    `http://127.0.0.1:${port}/v1/projects/${project}/databases/(default)/documents:${verb}`,
    {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  return { status: response.status, json: await response.json() };
}
