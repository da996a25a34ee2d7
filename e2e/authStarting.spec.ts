import { expect, test } from './fixtures';
import { FAN_EMAIL, accountChooser, expectSignedInAs, openFeed } from './support/app';
import { E2E_PORTS, HOST } from '../scripts/lib/testPorts';

/** How long the Auth emulator stays unreachable here; under npm run dev it is 7–22 s. */
const STARTING_MS = 4_000;

test.describe('signing in while the Auth emulator is still starting', () => {
  test('the chooser says so and signs in as soon as the emulator answers', async ({ page }) => {
    // Until the emulator "starts", every request to it fails as a closed port does.
    let startsAt = Number.POSITIVE_INFINITY;
    let refused = 0;
    await page.route(`http://${HOST}:${E2E_PORTS.auth}/**`, (route) => {
      if (Date.now() >= startsAt) return route.fallback();
      refused += 1;
      return route.abort('connectionrefused');
    });
    await openFeed(page);

    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const chooser = accountChooser(page);
    await chooser.getByRole('textbox', { name: 'Email' }).fill(FAN_EMAIL);
    startsAt = Date.now() + STARTING_MS;
    await chooser.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(chooser.getByRole('status')).toContainText('Sign-in is still starting…');
    await expect(page.getByText('Logged in as:')).toHaveCount(0);
    // No second click: the sign-in completes by itself once the emulator answers.
    await expect(page.getByText('Logged in as:')).toBeVisible({ timeout: STARTING_MS + 10_000 });
    await expectSignedInAs(page, FAN_EMAIL);
    expect(Date.now()).toBeGreaterThanOrEqual(startsAt);
    expect(refused).toBeGreaterThan(1);
    await expect(chooser).toHaveCount(0);
  });
});
