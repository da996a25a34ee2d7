import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_LISTENING, spawnFirestoreEmulator } from '../../scripts/lib/emulators';
import { freePort, type ManagedProcess } from '../../scripts/lib/processes';

let dir: string;
const running: ManagedProcess[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'emulator-cli-'));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((run) => run.stop()));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function cli(...args: string[]): ManagedProcess {
  const run = spawnFirestoreEmulator(args);
  running.push(run);
  return run;
}

const WARNING = 'NO SECURITY RULES LOADED. EVERY REQUEST IS ALLOWED';

// Each test starts the emulator once or twice, which takes seconds on a busy machine.
describe('emulator/cli.ts', { timeout: 60_000 }, () => {
  it('stops with file:line:col when the rules do not parse', async () => {
    const rules = join(dir, 'firestore.rules');
    await writeFile(
      rules,
      "rules_version = '2';\nservice cloud.firestore {\n  match /a { allow read: if ; }\n}\n",
    );
    const run = cli('--port', String(await freePort()), '--rules', rules);
    expect((await run.exited).code).toBe(1);
    expect(run.output()).toMatch(/firestore\.rules:3:\d+: /);
  });

  it('stops naming the entry at fault when the --indexes file is malformed', async () => {
    const indexes = join(dir, 'firestore.indexes.json');
    await writeFile(
      indexes,
      JSON.stringify({
        indexes: [
          {
            collectionGroup: 'c',
            queryScope: 'COLLECTION',
            fields: [{ fieldPath: 'a', order: 'UP' }],
          },
        ],
      }),
    );
    const run = cli('--port', String(await freePort()), '--indexes', indexes);
    expect((await run.exited).code).toBe(1);
    expect(run.output()).toContain(
      `--indexes: firestore.indexes.json: Invalid value at 'indexes[0].fields[0].order': "UP" (expected ASCENDING or DESCENDING).`,
    );
  });

  it('stops when the --indexes file cannot be read', async () => {
    const run = cli('--port', String(await freePort()), '--indexes', join(dir, 'missing.json'));
    expect((await run.exited).code).toBe(1);
    expect(run.output()).toContain(`--indexes: cannot read ${join(dir, 'missing.json')}: ENOENT.`);
  });

  it('with --indexes says so and refuses a query that needs an index the file lacks', async () => {
    const port = await freePort();
    const run = cli('--port', String(port), '--indexes', 'firestore.indexes.json');
    expect(await run.waitForLine('indexes:')).toContain('firestore.indexes.json (enforced');
    const url = `http://127.0.0.1:${port}/v1/projects/demo-cli/databases/(default)/documents:runQuery`;
    const response = await fetch(url, {
      method: 'POST',
      body: JSON.stringify({
        structuredQuery: {
          from: [{ collectionId: 'posts' }],
          where: {
            // No composite index of the file has status then created (the deal feed's has deal).
            fieldFilter: {
              field: { fieldPath: 'status' },
              op: 'EQUAL',
              value: { stringValue: 'Talks' },
            },
          },
          orderBy: [{ field: { fieldPath: 'created' }, direction: 'DESCENDING' }],
        },
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: 400, status: 'FAILED_PRECONDITION' },
    });
  });

  it('names the port when it is already in use', async () => {
    const port = await freePort();
    const blocker: Server = createServer();
    await new Promise<void>((done) => blocker.listen(port, '127.0.0.1', done));
    try {
      const run = cli('--port', String(port));
      expect((await run.exited).code).toBe(1);
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
    expect(await run.waitForLine('browser pages answered:')).toContain(
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
  });

  it('stops with a message when --allow-origin is not an origin', async () => {
    const run = cli('--port', String(await freePort()), '--allow-origin', 'club.example');
    expect((await run.exited).code).toBe(1);
    expect(run.output()).toContain('--allow-origin: "club.example" is not an origin');
  });

  it('warns without rules, exports on SIGTERM and imports on the next start', async () => {
    const port = await freePort();
    const data = join(dir, 'data');
    const first = cli('--port', String(port), '--export-on-exit', data);
    expect(await first.waitForLine(EMULATOR_LISTENING)).toContain(
      'DEVELOPMENT emulator, not for production',
    );
    // The warning comes after the banner, maybe in a later chunk of output: wait for it.
    await first.waitForLine(WARNING);
    await first.waitForLine('indexes: NOT enforced');
    const name = 'projects/demo-cli/databases/(default)/documents/posts/a';
    const url = `http://127.0.0.1:${port}/v1/projects/demo-cli/databases/(default)/documents`;
    const written = await fetch(`${url}:commit`, {
      method: 'POST',
      body: JSON.stringify({
        writes: [{ update: { name, fields: { n: { integerValue: '7' } } } }],
      }),
    });
    expect(written.status).toBe(200);
    await first.stop();
    expect((await first.exited).code).toBe(0);
    expect(existsSync(join(data, 'firestore-export.json'))).toBe(true);

    const second = cli('--port', String(port), '--import', data);
    await second.waitForLine(EMULATOR_LISTENING);
    const read = await fetch(`${url}:batchGet`, {
      method: 'POST',
      body: JSON.stringify({ documents: [name] }),
    });
    expect(await read.json()).toMatchObject([{ found: { fields: { n: { integerValue: '7' } } } }]);
  });

  it('prints its usage for --help and exits 0', async () => {
    const run = cli('--help');
    expect((await run.exited).code).toBe(0);
    expect(run.output()).toMatch(/^Usage: tsx emulator\/cli\.ts \[options\]/);
    const flags = [
      '--port PORT',
      '--rules PATH',
      '--indexes FILE',
      '--data-dir DIR',
      '--allow-origin ORIGIN',
    ];
    for (const flag of flags) expect(run.output()).toContain(flag);
  });

  it('names an unknown flag in one line and exits 2, without a stack trace', async () => {
    const run = cli('--port', String(await freePort()), '--dat-dir', dir);
    expect(await run.exited).toEqual({ code: 2, signal: null });
    expect(run.output()).toBe('Unknown option --dat-dir. See --help.\n');
  });

  it('names a flag given without its value and exits 2', async () => {
    const run = cli('--port');
    expect((await run.exited).code).toBe(2);
    expect(run.output()).toBe("Option '--port <value>' argument missing. See --help.\n");
  });
});
