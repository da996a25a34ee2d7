import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../lib/chromium';

/**
 * What Lighthouse's PWA audits checked before Lighthouse 12 removed them (`installable-manifest`,
 * `service-worker`, `offline-start-url`), asked of Chromium itself: its own installability
 * verdict (the DevTools protocol's Page.getInstallabilityErrors, which `installable-manifest`
 * reported), whether a service worker controls the manifest's start URL, and whether the start URL
 * answers 200 and shows posts with no network.
 */
export interface PwaFigures {
  /** Chromium's reasons not to offer installing; empty when it would. */
  installabilityErrors: string[];
  startUrl: string;
  serviceWorkerControlsStartUrl: boolean;
  offlineStartUrlStatus: number;
  offlinePosts: number;
}

export async function checkPwa(
  executablePath: string | undefined,
  url: string,
): Promise<PwaFigures> {
  // A profile on disk: Chromium never offers to install from an incognito one.
  const profile = mkdtempSync(join(tmpdir(), 'transfer-feed-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    args: CHROMIUM_ARGS,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    const startUrl = new URL(parseStartUrl(manifest.data) || '/', url).href;
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');

    await page.goto(startUrl);
    const serviceWorkerControlsStartUrl = await page.evaluate(
      () => navigator.serviceWorker.controller !== null,
    );
    await context.setOffline(true);
    const offline = await page.goto(startUrl);
    // The whole saved page: the first render has a few cards, the rest come after (aria-busy till
    // then).
    await page.waitForFunction(
      () =>
        document.querySelector('[role="feed"]')?.getAttribute('aria-busy') === 'false' &&
        document.querySelector('article') !== null,
      undefined,
      { timeout: 10_000 },
    );
    return {
      installabilityErrors: installabilityErrors.map((error) => error.errorId),
      startUrl,
      serviceWorkerControlsStartUrl,
      offlineStartUrlStatus: offline?.status() ?? 0,
      offlinePosts: await page.getByRole('article').count(),
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

function parseStartUrl(data: string | undefined): string {
  try {
    const parsed: unknown = JSON.parse(data ?? '');
    return typeof parsed === 'object' && parsed !== null && 'start_url' in parsed
      ? String(parsed.start_url)
      : '';
  } catch {
    return '';
  }
}
