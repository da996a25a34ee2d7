/**
 * The web app manifest, linked once the first screen is painted (app/main.tsx), not from
 * index.html: Chrome fetches a linked manifest and then its icon at once, two requests that shared
 * a phone's link with the app's script before the first paint (Lighthouse mobile, LCP about 1.58 →
 * 1.47 s). Installing needs it only later; the build takes the plugin's link out of index.html
 * (scripts/lib/serviceWorker.ts).
 */
export const MANIFEST_HREF = '/manifest.webmanifest';

export function linkManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_HREF;
  document.head.append(link);
}
