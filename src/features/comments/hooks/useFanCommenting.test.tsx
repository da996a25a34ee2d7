import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoreError } from '../../../shared/errors/storeError';
import { useOwnSuspension } from './useFanCommenting';

// Firestore's answer to the one read this hook makes: what the store gives, counted.
const readOwnSuspension = vi.fn<(uid: string) => Promise<null>>();
vi.mock('../store/ownSuspension', () => ({ readOwnSuspension }));

afterEach(() => {
  readOwnSuspension.mockReset();
  vi.restoreAllMocks();
});

describe("a fan's own suspension", () => {
  it('is read once for all the cards, and a failed read is not retried on every render', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    readOwnSuspension.mockRejectedValue(new StoreError('permission-denied', 'denied'));
    const fan = {
      uid: 'fan-uid',
      email: 'fan@example.com',
      emailVerified: true,
      google: true,
    };
    const cards = Array.from({ length: 5 }, () => renderHook(() => useOwnSuspension(fan)));
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    for (const card of cards) card.rerender();
    // Whatever the renders started has run: the import, the read, its failure.
    await vi.dynamicImportSettled();
    await act(async () => {});
    for (const card of cards) card.rerender();
    await vi.dynamicImportSettled();
    await act(async () => {});
    expect(readOwnSuspension).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(cards.map((card) => card.result.current)).toEqual([null, null, null, null, null]);
  });
});
