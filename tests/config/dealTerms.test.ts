import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  DIRECTIONS,
  FEE_KINDS,
  LOAN_OPTIONS,
} from '../../src/features/deals/data/dealTerms';
import { TERM_LIMITS } from '../../src/shared/termLimits';

/**
 * A deal's terms' words and limits: the app's lists and TERM_LIMITS are the ones firestore.rules'
 * isTerms() checks, read from the rules file, so the form offers what the rules accept.
 */
const RULES = readFileSync('firestore.rules', 'utf8');

/** The words of the list function `name`() in firestore.rules; fails when the list is gone. */
function listInRules(name: string): string[] {
  const match = new RegExp(`function ${name}\\(\\) \\{ return \\[([^\\]]*)\\]; \\}`).exec(RULES);
  if (!match) throw new Error(`firestore.rules no longer has ${name}() with its list`);
  return [...match[1].matchAll(/'([^']*)'/g)].map((word) => word[1]);
}

/** The numbers a pattern captures in firestore.rules; fails the test when the rule is gone. */
function fromRules(pattern: RegExp): number[] {
  const match = pattern.exec(RULES);
  if (!match) throw new Error(`firestore.rules no longer has ${pattern}`);
  return match.slice(1).map(Number);
}

describe('a deal’s terms', () => {
  it.each([
    ['directions', DIRECTIONS, /terms\.direction in directions\(\)/],
    ['feeKinds', FEE_KINDS, /terms\.fee in feeKinds\(\)/],
    ['currencies', CURRENCIES, /terms\.currency in currencies\(\)/],
    ['loanOptions', LOAN_OPTIONS, /terms\.option in loanOptions\(\)/],
  ] as const)('offer the words of the rules’ %s(), which isTerms checks', (name, list, use) => {
    expect(listInRules(name)).toEqual([...list]);
    expect(RULES).toMatch(use);
  });

  it('are bounded as the rules bound them', () => {
    expect(
      fromRules(/function isClubName\(value\) \{ return isText\(value, (\d+), (\d+)\); \}/),
    ).toEqual([TERM_LIMITS.clubNameChars, TERM_LIMITS.clubNameBytes]);
    expect(
      fromRules(
        /function isAmount\(value\) \{\s*return value is int && value >= 1 && value <= (\d+);/,
      ),
    ).toEqual([TERM_LIMITS.feeAmountMax]);
  });
});
