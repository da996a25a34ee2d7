import { safeHttpUrl } from '../data/safeUrl';

/**
 * Starts fetching a picture that is about to be the largest paint, at high priority, before React
 * renders its <img> (which then uses the same download). index.html's inline script does the same
 * for the newest post's picture; a permalink page preloads the shared post's instead.
 */
export function preloadPicture(url: string): void {
  const src = safeHttpUrl(url);
  if (!src) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = src;
  link.fetchPriority = 'high';
  document.head.append(link);
}
