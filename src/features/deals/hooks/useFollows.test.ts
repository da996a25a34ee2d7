import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Deal } from '../data/deal';
import { FOLLOWS_KEY, follow } from '../state/follows';
import { useFollows } from './useFollows';

const DEAL: Deal = {
  id: 'elias-lindqvist',
  name: 'Elias Lindqvist',
  status: 'Talks',
  open: true,
  changed: 1_000,
  post: 'p1',
  history: [],
};

afterEach(() => localStorage.clear());

describe('useFollows', () => {
  it('renders again when followed here or in another tab (the storage event)', () => {
    const { result } = renderHook(() => useFollows());
    expect(result.current).toEqual([]);
    act(() => follow(DEAL));
    expect(result.current.map((deal) => deal.id)).toEqual(['elias-lindqvist']);
    act(() => {
      localStorage.setItem(FOLLOWS_KEY, '[]');
      dispatchEvent(new StorageEvent('storage', { key: FOLLOWS_KEY }));
    });
    expect(result.current).toEqual([]);
  });
});
