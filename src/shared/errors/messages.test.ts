import { describe, expect, it } from 'vitest';
import { describeError } from './messages';
import { StoreError } from './storeError';

describe('describeError', () => {
  it('says a busy post is busy, not that something went wrong', () => {
    const busy = describeError(new StoreError('aborted', 'Too much contention'), 'Not sent');
    expect(busy).toBe('Not sent: this post is busy right now. Please try again in a moment.');
    expect(describeError(new StoreError('internal', 'x'), 'Not sent')).toBe(
      'Not sent: something went wrong. Please try again.',
    );
  });
});
