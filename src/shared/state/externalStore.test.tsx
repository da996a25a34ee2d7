import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createExternalStore, useExternalStore } from './externalStore';

function Count({ store, name }: { store: ReturnType<typeof scores>; name: string }) {
  const score = useExternalStore(store, (known) => known.get(name) ?? 0);
  return <p>{`${name}: ${score}`}</p>;
}

const scores = () => createExternalStore<ReadonlyMap<string, number>>(new Map([['home', 1]]));

describe('useExternalStore', () => {
  it('shows the part it selects, and its changes', async () => {
    const store = scores();
    render(<Count store={store} name="home" />);
    expect(screen.getByText('home: 1')).toBeInTheDocument();
    act(() => store.set(new Map([['home', 2]])));
    expect(await screen.findByText('home: 2')).toBeInTheDocument();
  });

  it('picks the new part when what it selects changes, with no store change', async () => {
    const store = createExternalStore<ReadonlyMap<string, number>>(
      new Map([
        ['home', 1],
        ['away', 3],
      ]),
    );
    const { rerender } = render(<Count store={store} name="home" />);
    rerender(<Count store={store} name="away" />);
    expect(await screen.findByText('away: 3')).toBeInTheDocument();
  });

  it('takes a change made between its first render and its subscription', async () => {
    const store = scores();
    function SetsOnRender() {
      // A sibling rendered before it subscribes changes the store (as a read answered at once).
      if (store.get().get('home') === 1) store.set(new Map([['home', 5]]));
      return null;
    }
    render(
      <>
        <Count store={store} name="home" />
        <SetsOnRender />
      </>,
    );
    expect(await screen.findByText('home: 5')).toBeInTheDocument();
  });
});
