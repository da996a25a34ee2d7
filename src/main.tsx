import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { firstPageAnswer } from './store/firstPage';
import { startPinnedRead } from './store/pinnedRead';
import { registerServiceWorker } from './lib/registerServiceWorker';
import './styles/theme.css';
import './styles/app.css';

// A permalink's post is read now, alongside the first page, not after the first render.
startPinnedRead();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
// The first page is usually here already (index.html asked for it before this script loaded):
// then the first render shows posts, not a shell that shifts when they come (src/store/firstPage.ts).
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
registerServiceWorker(firstPageAnswer());
