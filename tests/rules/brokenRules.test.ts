/** A broken rules file must stop everything with its line and column, never half-load. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileRules, RulesSyntaxError } from '../../emulator/rules/index';

const RULES = readFileSync('firestore.rules', 'utf8');
const lines = RULES.split('\n');
const deleteLine = lines.findIndex((line) => line.includes('allow delete: if isAdmin()'));

/** firestore.rules with a typo: `isAdmn()` on the delete rule. */
const misspelled = lines
  .map((line, i) => (i === deleteLine ? line.replace('isAdmin()', 'isAdmn()') : line))
  .join('\n');
const misspelledColumn = lines[deleteLine].indexOf('isAdmin()') + 1;

/** firestore.rules with the semicolon after that rule missing. */
const missingSemicolon = lines
  .map((line, i) => (i === deleteLine ? line.replace(/;$/, '') : line))
  .join('\n');

const dir = mkdtempSync(join(tmpdir(), 'broken-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a deliberately broken firestore.rules', () => {
  it('compiles as it is', () => {
    expect(() => compileRules(RULES)).not.toThrow();
  });

  it('reports an unknown function with its line and column', () => {
    expect(() => compileRules(misspelled)).toThrow(RulesSyntaxError);
    expect(() => compileRules(misspelled)).toThrow(
      `firestore.rules:${deleteLine + 1}:${misspelledColumn}: unknown function 'isAdmn'`,
    );
  });

  it('reports a missing semicolon where the next token starts', () => {
    expect(() => compileRules(missingSemicolon)).toThrow(
      new RegExp(`^firestore\\.rules:${deleteLine + 2}:\\d+: expected ';', found '}'$`),
    );
  });

  it('stops the emulator CLI with file:LINE:COL and a non-zero exit', () => {
    const file = join(dir, 'firestore.rules');
    writeFileSync(file, misspelled);
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'emulator/cli.ts', '--port', '0', '--rules', file],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(`firestore.rules:${deleteLine + 1}:${misspelledColumn}:`);
  });
});
