import { test as base, type BrowserContext, type Page, type Route } from '@playwright/test';
import { buildDemoPosts, type DemoPost } from '../scripts/seed/demoPosts';
import { resetFeed } from '../scripts/lib/stack';
import { E2E_PORTS } from '../scripts/lib/testPorts';

/** Set by e2e/global-setup.ts; workers inherit it. */
export const SEED_NOW = Number(process.env.E2E_SEED_NOW ?? Date.now());
/** The demo posts as seeded before every test, newest first. */
export const DEMO_POSTS: DemoPost[] = buildDemoPosts(SEED_NOW);

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

interface Fixtures {
  /** Every request to a host other than this machine, aborted. */
  blockedRequests: string[];
  /** Uncaught exceptions in any page of the test; the test fails if there are any. */
  pageErrors: Error[];
  /**
   * Content-Security-Policy violations in any page of the test; the test fails if there are any.
   */
  cspViolations: string[];
  /** Emulator data back to the demo posts before each test. */
  freshFeed: void;
  /**
   * A page in a second browser context (another person, another device) at the same size, with
   * the same network guard; its uncaught errors fail the test too.
   */
  otherPage: Page;
}

export const test = base.extend<Fixtures>({
  // Auto: every test gets the guard, also tests that never look at what it blocked.
  blockedRequests: [
    async ({ context }, use) => {
      const blocked: string[] = [];
      await guardNetwork(context, blocked);
      await use(blocked);
    },
    { auto: true },
  ],
  pageErrors: [
    async ({ context }, use) => {
      const errors: Error[] = [];
      context.on('weberror', (webError) => errors.push(webError.error()));
      await use(errors);
      if (errors.length > 0) {
        throw new Error(`Uncaught errors in the page:\n${errors.map(String).join('\n')}`);
      }
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
        violations.push(text);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = Reflect.get(window, '__reportCspViolation');
          const text = `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} on ${event.documentURI}`;
          if (typeof report === 'function') void report(text);
        });
      });
      // The browser's own console line as well, in case a violation fires before the listener.
      context.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use(violations);
      if (violations.length > 0) {
        throw new Error(
          `Content-Security-Policy violations:\n${[...new Set(violations)].join('\n')}`,
        );
      }
    },
    { auto: true },
  ],
  freshFeed: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern; this one needs none.
    async ({}, use) => {
      await resetFeed(E2E_PORTS, { now: SEED_NOW });
      await use();
    },
    { auto: true },
  ],
  otherPage: async (
    { browser, baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, serviceWorkers },
    use,
  ) => {
    const context = await browser.newContext({
      baseURL,
      viewport,
      isMobile,
      hasTouch,
      deviceScaleFactor,
      serviceWorkers,
    });
    const errors: Error[] = [];
    context.on('weberror', (webError) => errors.push(webError.error()));
    await guardNetwork(context, []);
    await use(await context.newPage());
    await context.close();
    if (errors.length > 0) {
      throw new Error(`Uncaught errors in the other page:\n${errors.map(String).join('\n')}`);
    }
  },
});

export { expect } from '@playwright/test';

/** Nothing leaves the machine: requests to non-loopback hosts (popups included) are aborted. */
async function guardNetwork(context: BrowserContext, blocked: string[]): Promise<void> {
  await context.route('**/*', (route: Route) => {
    const url = new URL(route.request().url());
    if (LOOPBACK.has(url.hostname)) return route.continue();
    blocked.push(url.href);
    return route.abort('blockedbyclient');
  });
}
