import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoreError, type StoreErrorCode } from '../errors/storeError';
import { READ_BACKOFF_MS, retryingRead } from './retryingRead';

const refused = (code: StoreErrorCode) => new StoreError(code, `refused: ${code}`);

/** A sleep that records how long it was asked to wait and waits for nothing. */
function recordedSleep() {
  return vi.fn((_ms: number) => Promise.resolve());
}

/** A read that fails with each of `errors` in turn, then answers 'page'. */
function readFailing(...errors: Error[]) {
  const read = vi.fn(() => Promise.resolve('page'));
  for (const error of errors) read.mockRejectedValueOnce(error);
  return read;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('retryingRead', () => {
  it('asks again after UNAVAILABLE and DEADLINE_EXCEEDED, then answers', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const read = readFailing(refused('unavailable'), refused('deadline-exceeded'));
    const sleep = recordedSleep();
    await expect(retryingRead(read, 0, sleep)).resolves.toBe('page');
    expect(read).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([125, 375]);
  });

  it('answers at once, waiting for nothing, when the first try does', async () => {
    const read = readFailing();
    const sleep = recordedSleep();
    await expect(retryingRead(read, 0, sleep)).resolves.toBe('page');
    expect(read).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('gives up after three tries with the last error', async () => {
    const last = refused('deadline-exceeded');
    const read = readFailing(refused('unavailable'), refused('unavailable'), last);
    await expect(retryingRead(read, 0, recordedSleep())).rejects.toBe(last);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it.each<StoreErrorCode>([
    'permission-denied',
    'not-found',
    'failed-precondition',
    'unknown', // an odd answer
    'resource-exhausted',
    'aborted',
    'internal',
  ])('fails at once on %s', async (code) => {
    const error = refused(code);
    const read = readFailing(error);
    const sleep = recordedSleep();
    await expect(retryingRead(read, 0, sleep)).rejects.toBe(error);
    expect(read).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('fails at once on an error that is not a StoreError (a bug, not the network)', async () => {
    const error = new TypeError('undefined is not a function');
    const read = readFailing(error);
    await expect(retryingRead(read, 0, recordedSleep())).rejects.toBe(error);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it.each([0, 0.999_999])(
    'waits at random below each figure (Math.random() %s)',
    async (random) => {
      vi.spyOn(Math, 'random').mockReturnValue(random);
      const sleep = recordedSleep();
      const read = readFailing(refused('unavailable'), refused('unavailable'));
      await retryingRead(read, 0, sleep);
      const waits = sleep.mock.calls.map(([ms]) => ms);
      expect(waits).toHaveLength(READ_BACKOFF_MS.length);
      waits.forEach((ms, retry) => {
        expect(ms).toBeGreaterThanOrEqual(0);
        expect(ms).toBeLessThan(READ_BACKOFF_MS[retry]);
      });
      expect(READ_BACKOFF_MS).toEqual([250, 750]);
    },
  );

  it('after a try made elsewhere, asks at once, then retries once after the longer wait', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const sleep = recordedSleep();
    const last = refused('unavailable');
    const read = readFailing(refused('unavailable'), last);
    await expect(retryingRead(read, 1, sleep)).rejects.toBe(last);
    expect(read).toHaveBeenCalledTimes(2);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([375]);
  });

  it('waits on the real clock unless told otherwise', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const read = readFailing(refused('unavailable'));
    const answer = retryingRead(read);
    await vi.advanceTimersByTimeAsync(124);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(2);
    await expect(answer).resolves.toBe('page');
  });
});
