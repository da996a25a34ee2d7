import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildBundle } from '../scripts/lib/appBuild';
import { startHostingEmulator, type HostingEmulator } from '../scripts/lib/hostingEmulator';
import { emulatorOrigins } from '../scripts/lib/stack';
import { E2E_PORTS, E2E_UPDATE_HOSTING, HOST, PROJECT_ID } from '../scripts/lib/testPorts';
import { expect, test } from './fixtures';
import { FAN_EMAIL, PAGE_SIZE, articles, signInAs } from './support/app';
import { ROOT } from './support/env';
import { waitForOfflineCopy } from './support/serviceWorker';
import type { Page } from '@playwright/test';

/**
 * A deploy while a visitor reads: the open page keeps working on the build it loaded (its lazy
 * files too, which the new deploy no longer has), and the next load is the new build.
 */
const BUILD_DIR = join(ROOT, 'dist-e2e/update');

test.describe('a new version', () => {
  test.use({ serviceWorkers: 'allow' });
  // Two production builds: more than a journey's usual 30 s on a busy machine.
  test.setTimeout(180_000);

  let server: HostingEmulator | undefined;
  test.afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  test('is taken up on the next load, never mid-read, and never mixed with the old one', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one size is enough: it is about builds');
    await buildBundle(BUILD_DIR, E2E_PORTS, { VITE_CLUB_NAME: 'Northbridge FC' });
    // Its own Hosting emulator, serving BUILD_DIR as a deploy replaces it.
    server = await startHostingEmulator({
      host: HOST,
      projectId: PROJECT_ID,
      publicDir: BUILD_DIR,
      port: E2E_UPDATE_HOSTING.web,
      hubPort: E2E_UPDATE_HOSTING.hub,
      loggingPort: E2E_UPDATE_HOSTING.logging,
      connectSources: emulatorOrigins(E2E_PORTS),
    });
    await page.goto(server.url);
    await expect(articles(page)).toHaveCount(PAGE_SIZE);
    await waitForOfflineCopy(page);
    await expect(page).toHaveTitle('Northbridge FC Transfer News');

    // Deploy: the old build's changed files are gone from the server (a file whose content did
    // not change keeps its hashed name); the entry script, which holds the club's name, changed.
    const oldScripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/assets/')),
    );
    await buildBundle(BUILD_DIR, E2E_PORTS, { VITE_CLUB_NAME: 'Southbridge FC' });
    const gone = oldScripts.filter((path) => !existsSync(join(BUILD_DIR, path)));
    expect(gone.some((path) => /^\/assets\/index-[\w-]+\.js$/.test(path))).toBe(true);

    // The next load still shows the build the worker holds, whole, and finds the new one.
    await page.reload();
    await expect(articles(page)).toHaveCount(PAGE_SIZE);
    await expect(page).toHaveTitle('Northbridge FC Transfer News');
    await expect.poll(() => newWorkerInCharge(page), { timeout: 30_000 }).toBe(true);

    // Mid-read, after the new worker took over: the open page is not reloaded, and what it loads
    // lazily (the sign-in code) is its own build's, which only the worker still has.
    await expect(page).toHaveTitle('Northbridge FC Transfer News');
    await signInAs(page, FAN_EMAIL);

    await page.reload();
    await expect(page).toHaveTitle('Southbridge FC Transfer News');
    await expect(articles(page)).toHaveCount(PAGE_SIZE);
    await expect(page.getByRole('banner')).toContainText('Southbridge FC');
  });
});

/**
 * The new build's worker is installed and active: it kept the old build's files and nothing waits.
 */
function newWorkerInCharge(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const kept = await (await caches.open('previous-build')).keys();
    return (
      kept.length > 0 &&
      registration?.installing === null &&
      registration.waiting === null &&
      registration.active?.state === 'activated'
    );
  });
}
