import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEAL_STATUSES, isDealStatus } from '../../src/features/posts/data/dealStatus';

const RULES = readFileSync('firestore.rules', 'utf8');

/** The words of isDealStatus() in firestore.rules; fails the test when the rule is gone. */
function statusesInRules(): string[] {
  const match = /function isDealStatus\(value\) \{[^}]*?value in \[([^\]]*)\]/.exec(RULES);
  if (!match) throw new Error('firestore.rules no longer has isDealStatus(value) with its list');
  return [...match[1].matchAll(/'([^']*)'/g)].map((word) => word[1]);
}

describe('the deal statuses', () => {
  it('are the ones firestore.rules accepts, in the same order', () => {
    expect(statusesInRules()).toEqual([...DEAL_STATUSES]);
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
