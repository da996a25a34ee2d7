import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, requireChromium } from './lib/chromium';
import { ROOT } from './lib/hostingConfig';

/**
 * Draws the web app manifest's icons (public/icons/icon-192.png and icon-512.png) from
 * public/logo.svg, in Chromium, so no image tool is needed. The PNGs are committed; run
 * `npx tsx scripts/makeIcons.ts` after changing the logo.
 *
 * The logo sits centred on the dark theme's background, inside the middle 80 % so that a launcher's
 * round or rounded mask does not cut it.
 */
const SIZES = [192, 512];
const BACKGROUND = '#0b1120'; // --bg of the dark theme (src/styles/theme.css), the default one

const logo = readFileSync(join(ROOT, 'public/logo.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: requireChromium().executablePath,
  args: CHROMIUM_ARGS,
});
try {
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const logoSize = Math.round(size * 0.8);
    await page.setContent(
      `<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${BACKGROUND}">` +
        `<img alt="" width="${logoSize}" height="${logoSize}" src="data:image/svg+xml;base64,${Buffer.from(logo).toString('base64')}">` +
        '</body>',
    );
    await page.waitForFunction(() => document.images[0]?.complete);
    const path = join(ROOT, `public/icons/icon-${size}.png`);
    await page.screenshot({ path, omitBackground: false });
    await page.close();
    console.log(`wrote ${path}`);
  }
} finally {
  await browser.close();
}
