/**
 * What `npm run dev` keeps between runs: Ctrl-C exports through Google's emulator's export
 * endpoint, the next start imports the newest export before it answers. A real engine each time.
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { latestExport, saveExport, watchRules } from '../../scripts/lib/devData';
import { startFirestore, type Firestore } from '../../scripts/lib/emulators';
import { ownerClient, toFields } from '../../scripts/lib/ownerClient';
import { freePort } from '../../scripts/lib/processes';
import { HOST } from '../../scripts/lib/testPorts';

const PROJECT = 'demo-dev-data';
let running: Firestore | null = null;
afterEach(async () => {
  await running?.stop();
  running = null;
});

async function start(importData?: string): Promise<Firestore> {
  running = await startFirestore({
    host: HOST,
    port: await freePort(),
    projectId: PROJECT,
    importData,
  });
  return running;
}

describe('dev data', () => {
  it('is exported on stop and imported on the next start; only the newest export is kept', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'transfer-feed-dev-data-'));
    expect(latestExport(dir)).toBeNull();

    const first = await start();
    const owner = ownerClient(first.url, PROJECT);
    const write = (title: string) =>
      owner.commit([{ update: { name: owner.name('posts/a'), fields: toFields({ title }) } }]);
    await write('kept');
    await saveExport(first, dir);
    await write('kept twice');
    await saveExport(first, dir);
    await first.stop();
    expect(readdirSync(dir)).toHaveLength(1);

    const second = await start(latestExport(dir) ?? undefined);
    const post = await ownerClient(second.url, PROJECT).get('posts/a');
    expect(post?.fields).toEqual({ title: { stringValue: 'kept twice' } });
  });
});

describe('firestore.rules edited while dev runs', () => {
  it('reports rules that do not compile at their line, and reloads them once fixed', async () => {
    const rules = readFileSync('firestore.rules', 'utf8');
    const path = join(mkdtempSync(join(tmpdir(), 'transfer-feed-dev-rules-')), 'firestore.rules');
    writeFileSync(path, rules);
    const store = await start();
    const lines: string[] = [];
    watchRules(path, store.url, PROJECT, (line) => lines.push(line));

    // An `allow` outside any match, as the first line of the service.
    const lined = rules.split('\n');
    const service = lined.findIndex((line) => line.startsWith('service cloud.firestore {')) + 2;
    writeFileSync(
      path,
      [...lined.slice(0, service - 1), '  allow read: if true;', ...lined.slice(service - 1)].join(
        '\n',
      ),
    );
    await expect
      .poll(() => lines, { timeout: 20_000 })
      .toContain(`${path}:${service}:3: Unexpected 'allow'.`);
    expect(lines[0]).toBe(`${path} not loaded, the rules before it stay in force:`);

    writeFileSync(path, rules);
    await expect.poll(() => lines.at(-1), { timeout: 20_000 }).toBe(`${path} reloaded.`);
  });
});
