/**
 * A deal's feed when production lacks its composite index (a deploy that forgot it): this file's
 * app talks to a gate of its own in front of the run's Google emulator, started with a copy of
 * firestore.indexes.json without the posts (deal, created) index. The query is refused as
 * production refuses it, and the page says so with Retry instead of going blank; the rest of the
 * page works.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../shared/config';
import { startGateWith, type GateHarness } from '../../../tests/gate/gateHarness';
import { shippedIndexesWithout } from '../../../tests/support/shippedIndexes';
import { renderApp, resetApp } from '../../../tests/support/app/renderApp';

// Before the app's modules read their configuration: this file's app reaches its own gate.
const PORT = await vi.hoisted(async () => {
  const { testWorkerPort } = await import('../../../scripts/lib/testPorts');
  const port = testWorkerPort(3);
  vi.stubEnv('VITE_FIRESTORE_EMULATOR_HOST', `127.0.0.1:${port}`);
  return port;
});

let emulator: GateHarness;
beforeAll(async () => {
  emulator = await startGateWith(
    config.firebase.projectId,
    shippedIndexesWithout(['deal', 'created']),
    PORT,
  );
});
afterAll(() => emulator.close());

beforeEach(async () => {
  await resetApp();
  await emulator.clear();
  await emulator.seed('deals/mateo-arlanza', {
    name: 'Mateo Arlanza',
    status: 'Medical',
    open: true,
    changed: new Date(),
    post: 'p1',
    history: [{ status: 'Medical', at: Date.now() }],
  });
  await emulator.seed('posts/p1', {
    title: 'Arlanza passes his medical',
    content: 'Done this morning.',
    imageUrl: '',
    link: '',
    comments: [],
    created: Date.now(),
    pinned: false,
    status: 'Medical',
    deal: 'mateo-arlanza',
  });
});

describe('a deal’s feed without its index', () => {
  it("says 'This deal could not be loaded' with Retry, for the missing-index error", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.history.replaceState(null, '', '/?deal=mateo-arlanza');
    const { user } = await renderApp({ waitForFeed: false });

    expect(await screen.findByRole('heading', { name: 'Mateo Arlanza' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This deal could not be loaded');
    // What production would answer, as the emulator refused it (logged for the developer).
    expect(log).toHaveBeenCalledWith(
      'Could not load posts',
      expect.objectContaining({
        code: 'failed-precondition',
        message: expect.stringContaining('The query requires an index.'),
      }),
    );
    // The deal's own summary still reads, and the strip and its status history are there.
    expect(screen.getByRole('list', { name: 'Status history' })).toBeInTheDocument();

    // Retry asks again (and fails the same way while the index is missing): never a blank page.
    const calls = log.mock.calls.length;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(log.mock.calls.length).toBeGreaterThan(calls));
    expect(await screen.findByRole('alert')).toHaveTextContent('This deal could not be loaded');

    // The full feed, which needs no composite index, reads as ever.
    await user.click(screen.getByRole('link', { name: 'All posts' }));
    const feed = await screen.findByRole('feed', { name: 'Transfer news' });
    await waitFor(() => expect(within(feed).getAllByRole('article')).toHaveLength(1));
    log.mockRestore();
  });
});
