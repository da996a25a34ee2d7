import { describe, expect, it } from 'vitest';
import { benchCommentRule } from './bench';

describe('benchCommentRule', () => {
  it('measures an allowed comment write and reports p50 and p95 in ms', () => {
    const results = benchCommentRule();
    expect(results.map((r) => r.name)).toEqual([
      'rules: comment write (20 comments) p50',
      'rules: comment write (20 comments) p95',
    ]);
    for (const result of results) {
      expect(result.unit).toBe('ms');
      expect(result.value).toBeGreaterThan(0);
    }
  });
});
