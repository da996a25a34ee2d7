import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, requireChromium } from './lib/chromium';
import { ROOT } from './lib/hostingConfig';

/**
 * Draws the pictures made from public/logo.svg, in Chromium, so no image tool is needed: the web
 * app manifest's icons (public/icons/icon-192.png and icon-512.png) and the 1200×630 picture a
 * shared link's preview card shows (public/social-card.png, index.html's og:image). The PNGs are
 * committed; run `npx tsx scripts/makeIcons.ts` after changing the logo.
 *
 * The logo sits centred on the dark theme's background: in an icon inside the middle 80 % so that
 * a launcher's round or rounded mask does not cut it; in the card at 60 % of its height, clear of
 * the crops some sites make to a square or a narrower strip.
 */
const PICTURES = [
  { file: 'icons/icon-192.png', width: 192, height: 192, logo: 0.8 },
  { file: 'icons/icon-512.png', width: 512, height: 512, logo: 0.8 },
  { file: 'social-card.png', width: 1200, height: 630, logo: 0.6 },
];
const BACKGROUND = '#0b1120'; // --bg of the dark theme (src/app/styles/theme.css), the default one

const logo = readFileSync(join(ROOT, 'public/logo.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: requireChromium().executablePath,
  args: CHROMIUM_ARGS,
});
try {
  for (const { file, width, height, logo: share } of PICTURES) {
    const page = await browser.newPage({ viewport: { width, height } });
    const logoSize = Math.round(Math.min(width, height) * share);
    await page.setContent(
      `<body style="margin:0;width:${width}px;height:${height}px;display:grid;place-items:center;background:${BACKGROUND}">` +
        `<img alt="" width="${logoSize}" height="${logoSize}" src="data:image/svg+xml;base64,${Buffer.from(logo).toString('base64')}">` +
        '</body>',
    );
    await page.waitForFunction(() => document.images[0]?.complete);
    const path = join(ROOT, 'public', file);
    await page.screenshot({ path, omitBackground: false });
    await page.close();
    console.log(`wrote ${path}`);
  }
} finally {
  await browser.close();
}
