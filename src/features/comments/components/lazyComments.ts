import { lazy } from 'react';

/**
 * A signed-in reader's controls on a card (writing a comment, removing, reporting or liking one),
 * loaded once someone is signed in: a visitor's first load never downloads them.
 */
export const LazyCommentBox = lazy(() =>
  import('./CommentBox').then((module) => ({ default: module.CommentBox })),
);
export const LazyRemoveCommentButton = lazy(() =>
  import('./RemoveCommentButton').then((module) => ({
    default: module.RemoveCommentButton,
  })),
);
export const LazyReportButton = lazy(() =>
  import('./ReportButton').then((module) => ({ default: module.ReportButton })),
);
export const LazyLikeButton = lazy(() =>
  import('./LikeButton').then((module) => ({ default: module.LikeButton })),
);
