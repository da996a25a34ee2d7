import { lazy } from 'react';

/** The administrator's moderation view: loaded when opened, never with a visitor's first load. */
export const LazyModerationView = lazy(() =>
  import('./ModerationView').then((module) => ({ default: module.ModerationView })),
);
