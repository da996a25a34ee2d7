import { connect, createServer, type Server, type Socket } from 'node:net';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_AUTH_HOST } from '../../../scripts/lib/testPorts';
import { buildPosts, seedPosts } from '../../../tests/support/app/firestore';
import { renderApp, resetApp } from '../../../tests/support/app/renderApp';

// Before the app's modules read their configuration: this file's app reaches the Auth emulator
// through a port that answers only once the test "starts" it, as under `npm run dev` (where the
// Auth emulator answers 7–22 s after the feed).
const GATE_PORT = await vi.hoisted(async () => {
  const { testWorkerPort } = await import('../../../scripts/lib/testPorts');
  const port = testWorkerPort(2);
  vi.stubEnv('VITE_AUTH_EMULATOR_HOST', `127.0.0.1:${port}`);
  return port;
});

let gate: Server | null = null;
const sockets = new Set<Socket>();

/** From now on the gate port forwards to the Auth emulator: it has "started". */
async function startAuthEmulator(): Promise<void> {
  const [host, port] = TEST_AUTH_HOST.split(':');
  gate = createServer((socket) => {
    const upstream = connect(Number(port), host);
    sockets.add(socket).add(upstream);
    socket.pipe(upstream).pipe(socket);
    const end = () => {
      socket.destroy();
      upstream.destroy();
    };
    socket.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  const server = gate;
  await new Promise<void>((resolve) => server.listen(GATE_PORT, '127.0.0.1', resolve));
}

beforeEach(async () => {
  await resetApp();
  await seedPosts(buildPosts(1));
});
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  const server = gate;
  gate = null;
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('signing in while the Auth emulator is still starting', () => {
  it("says 'Sign-in is still starting…' and signs in once it answers, without another click", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await renderApp({ user: null });
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    // The chooser's code loads when it first opens.
    await screen.findByRole('dialog', { name: 'Choose an account' });
    const dialog = screen.getByRole('dialog', { name: 'Choose an account' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'early@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));

    // The status region is there from the start; wait for what it says, not for the region.
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('Sign-in is still starting…'),
    );
    expect(screen.queryByText('Logged in as:')).not.toBeInTheDocument();

    await startAuthEmulator();
    expect(await screen.findByText('Logged in as:')).toBeInTheDocument();
    expect(screen.getByText('early@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Waiting is not a failure: nothing was logged as one.
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });

  it('with the emulator up, signs in at once and never says it is starting', async () => {
    await startAuthEmulator();
    const { user } = await renderApp({ user: null });
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    // The chooser's code loads when it first opens.
    await screen.findByRole('dialog', { name: 'Choose an account' });
    const dialog = screen.getByRole('dialog', { name: 'Choose an account' });
    await user.click(within(dialog).getByRole('button', { name: /fan@example\.com/ }));
    await screen.findByText('Logged in as:');
    expect(screen.queryByText(/Sign-in is still starting/)).not.toBeInTheDocument();
  });
});
