import { lazy } from 'react';

/**
 * The administrator's parts, loaded only when the administrator is signed in: visitors and fans
 * never download them.
 */
export const LazyPostComposer = lazy(() =>
  import('./PostComposer').then((module) => ({ default: module.PostComposer })),
);
export const LazyPostEditor = lazy(() =>
  import('./PostEditor').then((module) => ({ default: module.PostEditor })),
);
export const LazyPostActions = lazy(() =>
  import('./PostActions').then((module) => ({ default: module.PostActions })),
);
export const LazyDealTermsForm = lazy(() =>
  import('./DealTermsForm').then((module) => ({ default: module.DealTermsForm })),
);
