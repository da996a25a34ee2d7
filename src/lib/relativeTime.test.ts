import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relativeTime';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it.each([
    [NOW - 10_000, 'just now'],
    [NOW - 5 * MINUTE, '5 minutes ago'],
    [NOW - 3 * HOUR, '3 hours ago'],
    [NOW - DAY, 'yesterday'],
    [NOW - 3 * DAY, '3 days ago'],
    [NOW - 14 * DAY, '2 weeks ago'],
    [NOW - 65 * DAY, '2 months ago'],
    [NOW - 800 * DAY, '2 years ago'],
    [NOW + 2 * HOUR, 'in 2 hours'],
  ])('%i → %s', (time, expected) => {
    expect(formatRelativeTime(time, NOW)).toBe(expected);
  });
});
