/**
 * Registers the service worker (src/sw/sw.ts) once the page has loaded, so it never competes with
 * the first page for the network. Production builds only: `npm run dev` keeps Vite's hot reload.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      // The page works without it (only not offline); nothing to tell the reader.
      console.warn('Service worker not registered:', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
