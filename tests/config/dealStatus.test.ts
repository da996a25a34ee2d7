import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLOSING_STATUSES } from '../../src/features/deals/data/deal';
import { DEAL_STATUSES, isDealStatus } from '../../src/shared/posts/dealStatus';

const RULES = readFileSync('firestore.rules', 'utf8');

/** The words of the list function `name`() in firestore.rules; fails when the list is gone. */
function listInRules(name: string): string[] {
  const match = new RegExp(`function ${name}\\(\\) \\{\\s*return \\[([^\\]]*)\\];`).exec(RULES);
  if (!match) throw new Error(`firestore.rules no longer has ${name}() with its list`);
  return [...match[1].matchAll(/'([^']*)'/g)].map((word) => word[1]);
}

/**
 * The deal statuses of firestore.rules: the opening ones then the closing ones, as dealStatuses()
 * joins them, which isDealStatus() checks against; fails the test when the rules say otherwise.
 */
function statusesInRules(): string[] {
  if (
    !/function isDealStatus\(value\) \{\s*return value is string && value in dealStatuses\(\);/.test(
      RULES,
    )
  ) {
    throw new Error('firestore.rules no longer checks isDealStatus(value) against dealStatuses()');
  }
  if (
    !/function dealStatuses\(\) \{\s*return openingDealStatuses\(\)\.concat\(closingDealStatuses\(\)\);/.test(
      RULES,
    )
  ) {
    throw new Error('firestore.rules no longer joins dealStatuses() from its two lists');
  }
  return [...listInRules('openingDealStatuses'), ...listInRules('closingDealStatuses')];
}

describe('the deal statuses', () => {
  it('are the ones firestore.rules accepts, in the same order', () => {
    expect(statusesInRules()).toEqual([...DEAL_STATUSES]);
  });

  it('end a deal in the rules where they end one in the app', () => {
    expect(listInRules('closingDealStatuses')).toEqual([...CLOSING_STATUSES]);
  });

  it('are the seven of a transfer’s course, so the select and the rules offer the same words', () => {
    expect(DEAL_STATUSES).toEqual([
      'Rumour',
      'Talks',
      'Bid made',
      'Agreed',
      'Medical',
      'Done deal',
      'Collapsed',
    ]);
  });

  it('are told apart from anything else exactly, as the rules compare them', () => {
    for (const status of DEAL_STATUSES) expect(isDealStatus(status)).toBe(true);
    for (const other of [
      'rumour',
      'Rumour ',
      '\u200BTalks',
      'Done  deal',
      '',
      null,
      1,
      ['Talks'],
    ]) {
      expect(isDealStatus(other), JSON.stringify(other)).toBe(false);
    }
  });
});
