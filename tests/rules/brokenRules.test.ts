/**
 * A broken firestore.rules on Google's engine: a syntax error is refused with its line and column
 * and the rules in force stay; a misspelled function is only a warning at load (the engine, like
 * production's deploy, compiles it) and denies every request that reaches it at run time.
 */
import { readFileSync } from 'node:fs';
import { doc, getDoc } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAdminEmail } from '../../scripts/lib/adminEmail';
import {
  expectAllowed,
  expectDenied,
  googleUser,
  newPost,
  startHarness,
  type Harness,
} from '../support/harness';
import { deleteDoc } from '../support/stampedWrites';

const RULES = readFileSync('firestore.rules', 'utf8');
const lines = RULES.split('\n');
const deleteLine = lines.findIndex((line) => line.includes('allow delete: if isAdmin()'));
const misspelledColumn = lines[deleteLine].indexOf('isAdmin()') + 1;

function withDeleteLine(edit: (line: string) => string): string {
  return lines.map((line, i) => (i === deleteLine ? edit(line) : line)).join('\n');
}

/** firestore.rules with a typo: `isAdmn()` on the post's delete rule. */
const misspelled = withDeleteLine((line) => line.replace('isAdmin()', 'isAdmn()'));
/** firestore.rules with a dangling operator on that rule: `isAdmin() && && …`. */
const danglingOperator = withDeleteLine((line) => line.replace('isAdmin()', 'isAdmin() &&'));
/** The engine reports the second `&&`, the one with nothing before it. */
const danglingColumn = danglingOperator.split('\n')[deleteLine].indexOf('&& &&') + 4;

const ADMIN = googleUser('admin-broken', readAdminEmail());

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness('demo-rules-broken');
});
afterAll(async () => {
  await harness.close();
});

/** PUT the rules of this file's project, as initializeTestEnvironment and the CLI load them. */
async function loadRules(source: string): Promise<{ status: number; body: string }> {
  const response = await fetch(
    `${harness.url}/emulator/v1/projects/${harness.projectId}:securityRules`,
    { method: 'PUT', body: JSON.stringify({ rules: { files: [{ content: source }] } }) },
  );
  return { status: response.status, body: await response.text() };
}

describe('a deliberately broken firestore.rules on the engine', () => {
  it('loads as it is, with no warning', async () => {
    const loaded = await loadRules(RULES);
    expect(loaded.status).toBe(200);
    expect(loaded.body).not.toContain('issues');
  });

  it('refuses a syntax error with its line and column, and keeps the rules in force', async () => {
    await loadRules(RULES);
    await harness.seed('posts/kept', newPost());
    const refused = await loadRules(danglingOperator);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(`L${deleteLine + 1}:${danglingColumn} Unexpected '&&'`);
    // The rules loaded before still decide: a visitor reads, and may not delete.
    await expectAllowed(getDoc(doc(harness.client(null), 'posts/kept')));
    await expectDenied(deleteDoc(doc(harness.client(null), 'posts/kept')));
    await expectAllowed(deleteDoc(doc(harness.client(ADMIN), 'posts/kept')));
  });

  it('names an unknown function with its line and column, and denies what reaches it', async () => {
    const loaded = await loadRules(misspelled);
    try {
      expect(loaded.status).toBe(200);
      expect(loaded.body).toContain('Invalid function name: isAdmn.');
      expect(loaded.body).toContain(`"line": ${deleteLine + 1}`);
      expect(loaded.body).toContain(`"column": ${misspelledColumn}`);
      await harness.seed('posts/typo', newPost());
      await expectDenied(deleteDoc(doc(harness.client(ADMIN), 'posts/typo')));
    } finally {
      expect((await loadRules(RULES)).status).toBe(200);
    }
  });
});
