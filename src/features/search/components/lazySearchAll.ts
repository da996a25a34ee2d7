import { lazy } from 'react';

/** The search of every post, loaded when the search box first holds something. */
export const LazySearchAll = lazy(() => import('./SearchAll'));
