/**
 * Rules that do not compile stop the Firestore start (and so `npm run dev`, the test stacks and
 * the benches) before the gate opens, with the engine's own message re-pointed at the file, as a
 * compiler reports: `firestore.rules:LINE:COL: Unexpected 'allow'.` first.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFirestore } from '../../scripts/lib/emulators';
import { assertPortFree, freePort, type ManagedProcess } from '../../scripts/lib/processes';
import { RulesBroken, displayPath, rulesErrors } from '../../scripts/lib/rulesCheck';

const RULES = readFileSync('firestore.rules', 'utf8').split('\n');
/** The line that opens the documents' match: a rule placed just before it belongs to no path. */
const OPENING = RULES.findIndex((line) => line.includes('match /databases/{database}/documents'));

/** firestore.rules with `text` inserted as line `at` (1-based), in a file of its own. */
function brokenCopy(at: number, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'transfer-feed-rules-'));
  const path = join(dir, 'firestore.rules');
  writeFileSync(path, [...RULES.slice(0, at - 1), text, ...RULES.slice(at - 1)].join('\n'));
  return path;
}

describe('rulesErrors', () => {
  it("re-points each of the engine's errors at the file, in its order", () => {
    const engine =
      "Error compiling rules:\nL598:3 Unexpected 'allow'.\nL601:7 Missing 'match' keyword.";
    expect(rulesErrors('firestore.rules', engine)).toEqual([
      "firestore.rules:598:3: Unexpected 'allow'.",
      "firestore.rules:601:7: Missing 'match' keyword.",
    ]);
  });

  it('names the file when the engine names no position', () => {
    expect(rulesErrors('firestore.rules', 'Error compiling rules: out of memory')).toEqual([
      'firestore.rules: Error compiling rules: out of memory',
    ]);
  });

  it('names the file as the terminal sees it: relative below here, absolute elsewhere', () => {
    expect(displayPath(resolve('firestore.rules'))).toBe('firestore.rules');
    expect(displayPath('/elsewhere/firestore.rules', '/work/app')).toBe(
      '/elsewhere/firestore.rules',
    );
  });
});

describe('starting Firestore with rules that do not compile', () => {
  it("stops before the gate opens, its first line the engine's error at the file's line", async () => {
    // A rule outside any match: in the service, just before the documents' match.
    const line = OPENING + 1;
    const rules = brokenCopy(line, '  allow read: if true;');
    const [port, enginePort] = [await freePort(), await freePort()];
    let engine: ManagedProcess | undefined;
    const starting = startFirestore({
      host: '127.0.0.1',
      port,
      enginePort,
      rulesPath: rules,
      projectId: 'demo-rules-check',
      onSpawn: (process) => (engine = process),
    });
    const error = await starting.then(
      async (store) => {
        await store.stop();
        return store;
      },
      (error: unknown) => error,
    );
    expect(error).toBeInstanceOf(RulesBroken);
    const [first] = String((error as Error).message).split('\n');
    expect(first).toBe(`${rules}:${line}:3: Unexpected 'allow'.`);
    // Nothing is left: the gate never opened, the engine has been stopped.
    await expect(assertPortFree('127.0.0.1', port, 'gate')).resolves.toBeUndefined();
    expect(engine?.child.exitCode ?? engine?.child.signalCode).not.toBeNull();
    await expect(assertPortFree('127.0.0.1', enginePort, 'engine')).resolves.toBeUndefined();
  });
});
