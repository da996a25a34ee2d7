import { lazy } from 'react';

/**
 * The deals strip, a deal's feed and the ins and outs, loaded after the first page has rendered (or when an address
 * names a deal): the first page never waits for them.
 */
export const LazyDealsStrip = lazy(() =>
  import('./DealsStrip').then((module) => ({ default: module.DealsStrip })),
);
/** A deal's feed, or with no deal id the window's ins and outs (./DealPage.tsx). */
export const LazyDealView = lazy(() =>
  import('./DealPage').then((module) => ({ default: module.DealPage })),
);
