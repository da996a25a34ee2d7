import { describe, expect, it } from 'vitest';
import { commentDecision } from './emulatorRules';

describe('the rules bench', () => {
  it('times a comment batch that firestore.rules allows, so it measures the whole decision', async () => {
    expect((await commentDecision())()).toBe(true);
  });
});
