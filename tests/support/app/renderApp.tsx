import { forgetThreads } from '../../../src/features/comments/store/threads';
import { render, waitFor, within, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { App } from '../../../src/app/App';
import { config } from '../../../src/shared/config';
import {
  session,
  signInWithEmulatorAccount,
  signOut,
} from '../../../src/features/session/state/session';
import { installDialogPolyfill } from './dialogPolyfill';
import { clearFirestore } from './firestore';

installDialogPolyfill();
// The waits and test limits are appSetup.ts's and vite.config.ts's: a whole-app render against
// real emulators on a busy 2-core machine can take seconds to reach a condition.

export const ADMIN_EMAIL = config.adminEmail;
export const FAN_EMAIL = 'fan@example.com';

export interface RenderAppOptions {
  /**
   * Who is signed in when the app starts: an e-mail, 'admin', or null (signed out, the default).
   */
  user?: string | null;
  /** Wait for the first page to settle (default true). */
  waitForFeed?: boolean;
}

export interface RenderedApp extends RenderResult {
  user: UserEvent;
}

/**
 * Renders the whole app against the test emulators with the given person signed in through the
 * real Auth emulator (the same call the account chooser makes).
 */
export async function renderApp({
  user = null,
  waitForFeed = true,
}: RenderAppOptions = {}): Promise<RenderedApp> {
  const email = user === 'admin' ? ADMIN_EMAIL : user;
  await switchUser(email);
  const rendered = render(<App />);
  if (waitForFeed) await waitForFeedToSettle(rendered.container);
  return { ...rendered, user: userEvent.setup() };
}

export async function waitForFeedToSettle(container: HTMLElement = document.body): Promise<void> {
  const feed = await within(container).findByRole('feed');
  await waitFor(() => expect(feed).toHaveAttribute('aria-busy', 'false'));
}

/**
 * The account id of `email` on the Auth emulator, signed in as the app will be (renderApp then
 * keeps that sign-in): for seeding what that fan wrote earlier, as the rules tie it to the account.
 */
export async function accountUid(email: string): Promise<string> {
  await switchUser(email);
  const uid = session.get()?.uid;
  if (!uid) throw new Error(`Nobody is signed in as ${email}`);
  return uid;
}

async function switchUser(email: string | null): Promise<void> {
  const current = session.get();
  if (current?.email === email) return;
  if (email === null) {
    if (current !== null && !(await signOut())) throw new Error('Sign-out failed');
    return;
  }
  if ((await signInWithEmulatorAccount(email)) !== 'signed-in')
    throw new Error(`Sign-in as ${email} failed`);
  await waitFor(() => expect(session.get()?.email).toBe(email));
}

/** Between tests: no posts, nobody remembered, dark theme, the page's plain address. */
export async function resetApp(): Promise<void> {
  await clearFirestore();
  forgetThreads();
  localStorage.clear();
  document.documentElement.dataset.theme = 'dark';
  window.history.replaceState(null, '', '/');
}

/** Opens the app at a post's permalink (`/?post=<id>`), as a shared link does. */
export function openPermalink(id: string): void {
  window.history.replaceState(null, '', `/?post=${encodeURIComponent(id)}`);
}
