/**
 * Resolves once the page has loaded (the window's `load` event: the first page's pictures
 * included), painted its first content and painted the pictures it has. What the first screen
 * does not need (the deals strip, the live checks' code, the service worker) starts then, so it
 * never competes with the first post and its picture, the page's largest paint. Lighthouse's
 * simulated phone puts every request that starts before the largest paint on that paint's path:
 * - `load` alone is too early: React renders after it, and chunks requested between load and the
 *   first paint cost about 250 ms of LCP (2.0 s against 1.7 s);
 * - load and the first paint are too early too: a picture loaded before `load` is decoded and
 *   painted a frame or more after the text, and chunks requested in between cost about 250 ms
 *   (1.78 s against 1.54 s).
 */
let loaded: Promise<void> | null = null;

/** A hidden page paints nothing: the pictures' paint is not waited for longer than this. */
const PAINT_WAIT_MS = 100;

export function pageLoaded(): Promise<void> {
  loaded ??= Promise.all([loadEvent(), firstContentfulPaint()])
    .then(loadedPicturesPainted)
    .then(() => {});
  // Each waiter (the strip, the live checks, the worker, the cards' counts) goes on in a task of
  // its own: on one promise they would all run in the task that settled it, 25 ms and more of
  // work in one piece (Lighthouse's simulated phone counts it four times over, as blocking).
  return loaded.then(nextTask);
}

/** Resolves in a new task: after what the current one still has to do, and any paint due. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function loadEvent(): Promise<void> {
  return new Promise((resolve) => {
    if (document.readyState === 'complete') resolve();
    else addEventListener('load', () => resolve(), { once: true });
  });
}

/** The Paint Timing entry 'first-contentful-paint' (at once where the browser has none). */
function firstContentfulPaint(): Promise<void> {
  const supported =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes;
  if (!supported || !supported.includes('paint')) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/**
 * The pictures already loaded are decoded, then a frame is painted with them. A picture still
 * loading (a lazy one below the fold) is not waited for.
 */
async function loadedPicturesPainted(): Promise<void> {
  const pictures = Array.from(document.images).filter(
    (image) => image.complete && image.naturalWidth > 0,
  );
  // A picture that cannot be decoded paints nothing to wait for.
  await Promise.all(pictures.map((image) => image.decode().catch(() => {})));
  await Promise.race([nextPaint(), delay(PAINT_WAIT_MS)]);
}

/** After the next frame has been painted: a task queued from its animation frame callback. */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
