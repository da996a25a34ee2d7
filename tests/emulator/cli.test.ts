import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'emulator-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

interface Cli {
  output: () => string;
  exited: Promise<number | null>;
  stop(): void;
}

function cli(...args: string[]): Cli {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'emulator/cli.ts'), ...args],
    { cwd: ROOT },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { output: () => output, exited, stop: () => child.kill('SIGTERM') };
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('emulator/cli.ts', () => {
  it('stops with file:line:col when the rules do not parse', async () => {
    const rules = join(dir, 'firestore.rules');
    await writeFile(
      rules,
      "rules_version = '2';\nservice cloud.firestore {\n  match /a { allow read: if ; }\n}\n",
    );
    const run = cli('--port', String(await freePort()), '--rules', rules);
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/firestore\.rules:3:\d+: /);
  });

  it('names the port when it is already in use', async () => {
    const port = await freePort();
    const blocker: Server = createServer();
    await new Promise<void>((done) => blocker.listen(port, '127.0.0.1', done));
    try {
      const run = cli('--port', String(port));
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(`Port ${port} is already in use`);
    } finally {
      blocker.close();
    }
  });

  it('answers the origins named with --allow-origin besides loopback ones, and no others', async () => {
    const port = await freePort();
    const run = cli(
      '--port',
      String(port),
      '--allow-origin',
      'https://club.example',
      '--allow-origin',
      'http://192.168.1.20:5173',
    );
    try {
      await until(() => run.output().includes('listening on'), 'the banner');
      expect(run.output()).toContain(
        'browser pages answered: http://localhost, http://127.0.0.1 and http://[::1] on any port, https://club.example, http://192.168.1.20:5173',
      );
      const status = async (origin: string) => {
        const response = await fetch(
          `http://127.0.0.1:${port}/emulator/v1/projects/demo-cli/databases/(default)/documents`,
          {
            method: 'OPTIONS',
            headers: { origin, 'access-control-request-method': 'DELETE' },
          },
        );
        return [response.status, response.headers.get('access-control-allow-origin')];
      };
      expect(await status('https://club.example')).toEqual([204, 'https://club.example']);
      expect(await status('http://192.168.1.20:5173')).toEqual([204, 'http://192.168.1.20:5173']);
      expect(await status('http://localhost:3000')).toEqual([204, 'http://localhost:3000']);
      expect(await status('https://evil.example')).toEqual([403, null]);
    } finally {
      run.stop();
      await run.exited;
    }
  });

  it('stops with a message when --allow-origin is not an origin', async () => {
    const run = cli('--port', String(await freePort()), '--allow-origin', 'club.example');
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('--allow-origin: "club.example" is not an origin');
  });

  it('warns without rules, exports on SIGTERM and imports on the next start', async () => {
    const port = await freePort();
    const data = join(dir, 'data');
    const first = cli('--port', String(port), '--export-on-exit', data);
    await until(() => first.output().includes('listening on'), 'the banner');
    expect(first.output()).toContain('DEVELOPMENT emulator, not for production');
    expect(first.output()).toContain('NO SECURITY RULES LOADED. EVERY REQUEST IS ALLOWED');
    const name = 'projects/demo-cli/databases/(default)/documents/posts/a';
    const url = `http://127.0.0.1:${port}/v1/projects/demo-cli/databases/(default)/documents`;
    const written = await fetch(`${url}:commit`, {
      method: 'POST',
      body: JSON.stringify({
        writes: [{ update: { name, fields: { n: { integerValue: '7' } } } }],
      }),
    });
    expect(written.status).toBe(200);
    first.stop();
    expect(await first.exited).toBe(0);
    expect(existsSync(join(data, 'firestore-export.json'))).toBe(true);

    const second = cli('--port', String(port), '--import', data);
    try {
      await until(() => second.output().includes('listening on'), 'the banner');
      const read = await fetch(`${url}:batchGet`, {
        method: 'POST',
        body: JSON.stringify({ documents: [name] }),
      });
      expect(await read.json()).toMatchObject([
        { found: { fields: { n: { integerValue: '7' } } } },
      ]);
    } finally {
      second.stop();
      await second.exited;
    }
  });
});
