import { afterEach, describe, expect, it, vi } from 'vitest';

// The production popup cannot run here: the auth module is replaced by one whose calls fail.
vi.mock('../auth', () => ({
  watchUser: () => () => {},
  signInWithGoogle: () => Promise.reject(new Error('popup closed by user')),
  signInWithEmulatorAccount: () => Promise.reject(new Error('network down')),
  signOut: () => Promise.reject(new Error('network down')),
}));

const { signInWithGoogle, signInWithEmulatorAccount, signOut } = await import('./sessionStore');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('session failures (spec §8: logged to the console only)', () => {
  it.each([
    ['the Google popup', () => signInWithGoogle(), 'Login failed'],
    ['the emulator sign-in', () => signInWithEmulatorAccount('a@example.com'), 'Login failed'],
    ['logout', () => signOut(), 'Logout failed'],
  ])('%s failing is logged and reported as false', async (_name, action, message) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(action()).resolves.toBe(false);
    expect(log).toHaveBeenCalledWith(message, expect.any(Error));
  });
});
