import { describe, expect, it } from 'vitest';
import { countText, showAllLabel } from './commentSummary';

describe('countText', () => {
  it('groups thousands as the card writes them', () => {
    expect(countText(0)).toBe('0');
    expect(countText(999)).toBe('999');
    expect(countText(1000)).toBe('1,000');
    expect(countText(10_000)).toBe('10,000');
    expect(countText(1_234_567)).toBe('1,234,567');
  });

  it('names the count on the control that opens a long thread', () => {
    expect(showAllLabel(1)).toBe('Show 1 comment');
    expect(showAllLabel(3556)).toBe('Show all 3,556 comments');
    expect(showAllLabel(null)).toBe('Show all the comments');
  });
});
