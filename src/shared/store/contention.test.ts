import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryingContention } from './contention';

/** An error as the Lite SDK throws it, by code. */
const refused = (code: string) => Object.assign(new Error(code), { name: 'FirebaseError', code });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('retryingContention', () => {
  it('commits again while Firestore answers aborted, then succeeds', async () => {
    const commit = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(refused('aborted'))
      .mockRejectedValueOnce(refused('aborted'))
      .mockResolvedValueOnce(undefined);
    const done = retryingContention(commit);
    await vi.runAllTimersAsync();
    await expect(done).resolves.toBeUndefined();
    expect(commit).toHaveBeenCalledTimes(3);
  });

  it('gives up after five tries with the last error', async () => {
    const commit = vi.fn<() => Promise<void>>().mockRejectedValue(refused('aborted'));
    const done = retryingContention(commit);
    const outcome = expect(done).rejects.toMatchObject({ code: 'aborted' });
    await vi.runAllTimersAsync();
    await outcome;
    expect(commit).toHaveBeenCalledTimes(5);
  });

  it('never retries any other refusal', async () => {
    for (const code of ['permission-denied', 'unavailable', 'not-found']) {
      const commit = vi.fn<() => Promise<void>>().mockRejectedValue(refused(code));
      await expect(retryingContention(commit)).rejects.toMatchObject({ code });
      expect(commit).toHaveBeenCalledTimes(1);
    }
  });
});
