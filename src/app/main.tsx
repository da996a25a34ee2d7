// The page's own styles and what several features share, first: each feature's components import
// their own CSS (src/features/feed/components/feed.css and the like), which comes after these.
import './styles/theme.css';
import '../shared/ui/base.css';
import './styles/app.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { firstPageAnswer } from '../features/feed';
import { linkManifest } from './manifestLink';
import { pageLoaded } from '../shared/pageLoaded/pageLoaded';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
/**
 * The first render waits for index.html's first-page request, for at most this long: a shell
 * painted first would shift when the posts come. Firestore (production, and Google's emulator
 * behind every test) answers in tens of milliseconds, often after this script has run; a network
 * slower than this gets the shell, which says it is loading.
 */
const FIRST_PAGE_WAIT_MS = 1500;
const firstPage = firstPageAnswer();
const waited = new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS));
// With it, the first render shows posts (src/features/feed/store/firstPage.ts,
// src/features/feed/store/sharedPostRead.ts).
// The first render is a transition: React renders it in short tasks, yielding between them, where a
// plain render is one task that holds the main thread until every card is built.
void Promise.race([firstPage?.catch(() => null), waited]).then(() =>
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
// The manifest is linked and the worker registered once the first screen is painted: neither
// competes with the first page (app/manifestLink.ts; app/registerServiceWorker.ts, whose code
// loads then). Production builds only: dev has neither.
if (import.meta.env.PROD) {
  void pageLoaded().then(() => {
    linkManifest();
    if (!('serviceWorker' in navigator)) return;
    void import('./registerServiceWorker').then(({ registerServiceWorker }) =>
      registerServiceWorker({ 'first-page': firstPage }),
    );
  });
}
