import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { firstPageWithin, takeArrivedFirstPage, type PostsPage } from './feedStore';
import './styles/theme.css';
import './styles/app.css';

/** How long the first render waits for index.html's first page before showing "Loading posts…". */
const FIRST_PAGE_WAIT_MS = 1000;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);

function render(firstPage: PostsPage | null): void {
  root.render(
    <StrictMode>
      <App firstPage={firstPage} />
    </StrictMode>,
  );
}

// The first paint shows posts, not an empty shell that shifts when they come: index.html asked
// for them before this script loaded, so they are usually here already. Then the app renders in
// this very task; otherwise it waits for them a little, not long.
const arrived = takeArrivedFirstPage();
if (arrived) flushSync(() => render(arrived));
else void firstPageWithin(FIRST_PAGE_WAIT_MS).then(render);
