import { afterEach, describe, expect, it, vi } from 'vitest';

const { AuthEmulatorUnreachableError, emulatorSignIn } = vi.hoisted(() => ({
  AuthEmulatorUnreachableError: class extends Error {},
  emulatorSignIn: vi.fn(() => Promise.reject(new Error('network down'))),
}));

// The production popup cannot run here: the auth module is replaced by one whose calls fail.
vi.mock('../store/auth', () => ({
  watchUser: () => () => {},
  signInWithGoogle: () => Promise.reject(new Error('popup closed by user')),
  signInWithEmulatorAccount: emulatorSignIn,
  AuthEmulatorUnreachableError,
  signOut: () => Promise.reject(new Error('network down')),
}));

const { signInWithGoogle, signInWithEmulatorAccount, signOut } = await import('./session');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('session failures (spec §8: logged to the console only)', () => {
  it('the emulator sign-in failing is logged and reported as failed', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(signInWithEmulatorAccount('a@example.com')).resolves.toBe('failed');
    expect(log).toHaveBeenCalledWith('Login failed', expect.any(Error));
  });

  it('an Auth emulator that never answered is reported as unreachable, for the chooser to say', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    emulatorSignIn.mockRejectedValueOnce(new AuthEmulatorUnreachableError('did not answer'));
    await expect(signInWithEmulatorAccount('a@example.com')).resolves.toBe('unreachable');
  });

  it.each([
    ['the Google popup', () => signInWithGoogle(), 'Login failed'],
    ['logout', () => signOut(), 'Logout failed'],
  ])('%s failing is logged and reported as false', async (_name, action, message) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(action()).resolves.toBe(false);
    expect(log).toHaveBeenCalledWith(message, expect.any(Error));
  });
});
