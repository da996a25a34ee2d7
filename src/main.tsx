import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { firstPageAnswer } from './store/firstPage';
import { pageLoaded } from './lib/pageLoaded';
import './styles/theme.css';
import './styles/app.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
// The first page (and a permalink's post) is usually here already (index.html asked for it before
// this script loaded): then the first render shows posts, not a shell that shifts when they come
// (src/store/firstPage.ts, src/store/pinnedRead.ts).
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// The worker is registered once the first screen is painted: it never competes with the first
// page (lib/registerServiceWorker.ts, whose code loads then).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const firstPage = firstPageAnswer();
  void pageLoaded()
    .then(() => import('./lib/registerServiceWorker'))
    .then(({ registerServiceWorker }) => registerServiceWorker(firstPage));
}
