import { lazy } from 'react';

/**
 * The deals strip and a deal's feed, loaded after the first page has rendered (or when an address
 * names a deal): the first page never waits for them.
 */
export const LazyDealsStrip = lazy(() =>
  import('./DealsStrip').then((module) => ({ default: module.DealsStrip })),
);
export const LazyDealView = lazy(() =>
  import('./DealView').then((module) => ({ default: module.DealView })),
);
