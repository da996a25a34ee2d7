import type { Page } from '@playwright/test';

/**
 * Signs in through the account chooser of an emulator build
 * (src/features/session/components/AccountChooser.tsx) with
 * `email` typed in, as the e2e journeys do: the Auth emulator makes the account on first use.
 * Resolves once the header offers Logout (the Auth emulator may still be starting: it waits).
 */
export async function signInAs(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose an account' });
  await chooser.getByRole('textbox', { name: 'Email' }).fill(email);
  await chooser.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Logout' }).waitFor({ timeout: 60_000 });
}
