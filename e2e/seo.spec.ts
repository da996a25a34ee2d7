import { expect, test } from './fixtures';

/**
 * What crawlers and link previews read: files served as files (never the single-page rewrite's
 * index.html), and the preview card's tags.
 */
test.describe('for search engines and shared links', () => {
  test('robots.txt is served as a text file that allows crawling', async ({ page }) => {
    const response = await page.goto('/robots.txt');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toMatch(/^text\/plain\b/);
    const body = (await response?.text()) ?? '';
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).toMatch(/^Allow: \/$/m);
    expect(body).not.toMatch(/^Disallow: \S/m);
  });

  test('the web app manifest is served as a manifest', async ({ page }) => {
    const response = await page.goto('/manifest.webmanifest');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toMatch(/^application\/manifest\+json\b/);
    const manifest: unknown = JSON.parse((await response?.text()) ?? '');
    expect(manifest).toMatchObject({ name: expect.stringMatching(/Transfer News$/) });
  });

  test('the page links its web app manifest once its first screen is painted', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
    // What Chromium reads to offer installing (the bench's PWA check asks it the same).
    const cdp = await page.context().newCDPSession(page);
    await expect
      .poll(async () => (await cdp.send('Page.getAppManifest')).url)
      .toMatch(/\/manifest\.webmanifest$/);
  });

  test('the page has a preview card with the 1200×630 picture made from the logo', async ({
    page,
  }) => {
    await page.goto('/');
    const meta = (selector: string) =>
      page.locator(`head meta[${selector}]`).getAttribute('content');
    const title = await page.title();
    expect(await meta('property="og:title"')).toBe(title);
    // X reads og:title, og:description and og:image where its own tags are absent.
    expect(await meta('name="twitter:card"')).toBe('summary_large_image');
    const description = await meta('name="description"');
    expect(await meta('property="og:description"')).toBe(description);
    const url = new URL((await meta('property="og:url"')) ?? '');
    expect(url.protocol).toBe('https:');
    const image = (await meta('property="og:image"')) ?? '';
    expect(new URL(image).origin).toBe(url.origin);
    expect(await meta('property="og:image:width"')).toBe('1200');
    expect(await meta('property="og:image:height"')).toBe('630');

    // The picture is this site's file: the page fetches its path from this server.
    const picture = await page.evaluate(async (path) => {
      const response = await fetch(path);
      const bitmap = await createImageBitmap(await response.blob());
      return {
        type: response.headers.get('content-type'),
        size: [bitmap.width, bitmap.height],
      };
    }, new URL(image).pathname);
    expect(picture).toEqual({ type: 'image/png', size: [1200, 630] });
  });
});
