import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './useNow';

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 23, 12, 0) });
});
afterEach(() => {
  vi.useRealTimers();
  setVisibility('visible');
});

describe('useNow', () => {
  it('renews the time every interval while the page is visible', () => {
    const { result } = renderHook(() => useNow(60_000));
    const start = result.current;
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current).toBe(start + 60_000);
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current).toBe(start + 120_000);
  });

  it('keeps no timer while hidden, and renews at once when shown again', () => {
    const { result } = renderHook(() => useNow(60_000));
    const start = result.current;
    act(() => setVisibility('hidden'));
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(5 * 60_000));
    expect(result.current).toBe(start);

    act(() => setVisibility('visible'));
    expect(result.current).toBe(start + 5 * 60_000);
    expect(vi.getTimerCount()).toBe(1);
  });
});
