/**
 * The rules coverage report: every rules test file's harness saves Google's engine's report of
 * its project (which rules and conditions its requests evaluated, and to what) to
 * coverage/rules/<projectId>.html when it closes, and Vitest's global teardown lists them. This
 * checks that a saved report is of firestore.rules and counts exactly what a request evaluated.
 */
import { readFileSync } from 'node:fs';
import { doc } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectDenied,
  firestoreRules,
  newPost,
  startHarness,
  type Harness,
} from '../support/harness';
import { rulesCoveragePath } from '../support/rulesCoverage';
import { deleteDoc } from '../support/stampedWrites';

/** One expression of the report: where it stands, and what it evaluated to how often. */
interface Expression {
  sourcePosition: { line: number; column: number };
  values?: { value: Record<string, unknown>; count: number }[];
  children?: Expression[];
}

/** The data the engine writes into its HTML report: the rules it ran and their expressions. */
function reportData(html: string): {
  rules: { files: { content: string }[] };
  report: Expression[];
} {
  const match = /const data = ([\s\S]*?);\n\s*const REPORT_LIMIT_SIZE/.exec(html);
  if (!match) throw new Error('the report no longer embeds its data as `const data = …;`');
  return JSON.parse(match[1]) as ReturnType<typeof reportData>;
}

/** Every expression of the report that starts on line `line` (1-based) of the rules. */
function onLine(report: Expression[], line: number): Expression[] {
  const all: Expression[] = [];
  const walk = (expression: Expression) => {
    all.push(expression);
    expression.children?.forEach(walk);
  };
  report.forEach(walk);
  return all.filter((expression) => expression.sourcePosition.line === line);
}

/** The 1-based line of firestore.rules holding `text`. */
function lineOf(text: string): number {
  const index = firestoreRules()
    .split('\n')
    .findIndex((line) => line.includes(text));
  if (index < 0) throw new Error(`firestore.rules has no line with ${text}`);
  return index + 1;
}

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness('demo-rules-coverage');
});
afterAll(async () => {
  await harness.close();
});

describe('the rules coverage report', () => {
  it('is saved from the engine, counting what a request evaluated and nothing else', async () => {
    await harness.seed('posts/p1', newPost());
    // A visitor's delete: the post's rule asks isAdmin(), which says no.
    await expectDenied(deleteDoc(doc(harness.client(null), 'posts/p1')));
    const path = await harness.saveRulesCoverage();
    expect(path).toBe(rulesCoveragePath('demo-rules-coverage'));
    const html = readFileSync(path, 'utf8');
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('isAdmin');
    const data = reportData(html);
    expect(data.rules.files[0].content).toBe(firestoreRules());
    const deleteRule = lineOf('allow delete: if isAdmin() && stampsPostNow(postId);');
    expect(onLine(data.report, deleteRule)[0].values).toEqual([
      { value: { boolValue: false }, count: 1 },
    ]);
    // No request here reached a suspension's rule: the report shows it as never evaluated.
    const suspension = lineOf("hasExactly(data, ['until', 'at', 'user'])");
    expect(onLine(data.report, suspension).length).toBeGreaterThan(0);
    for (const expression of onLine(data.report, suspension)) {
      expect(expression.values ?? []).toEqual([]);
    }
  });
});
