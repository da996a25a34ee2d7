// The posts feature's public face. The post: its shape, the first page's request, page reads, the
// feed's reducer and context.
export {
  CARD_MASK,
  CHANGES_PER_READ,
  changesQuery,
  type ChangeStamp,
  decodeChangeStamps,
  type PostChanges,
  type RestRead,
} from './data/changes';
export {
  cardThread,
  countText,
  showAllLabel,
  THREAD_NOT_READ,
  threadCount,
} from './data/commentSummary';
export { DEAL_STATUSES, type DealStatus, isDealStatus } from './data/dealStatus';
export {
  type CommentedPost,
  type FeedOps,
  type RemovedCopies,
  type WrittenAt,
} from './data/feedOps';
export {
  type FeedAction,
  feedReducer,
  type FeedState,
  initialFeedState,
  listedPosts,
  type SharedPost,
  sharedPostOf,
  provideChangesApplier,
  provideWriteApplier,
} from './data/feedReducer';
export { applyWrite } from './data/applyWrite';
export { type Cursor, decodePage, type PostsPage } from './data/page';
export { isPostId, permalinkPostId, permalinkTo } from './data/permalink';
export {
  type Comment,
  type CommentSummary,
  type NewPost,
  type Post,
  type PostDeal,
  type PostEdit,
  toComment,
  toPost,
} from './data/post';
export { decodeDocument, documentPost } from './data/postDecode';
export { documentsRoot, documentUrl, PAGE_SIZE } from './data/postsQuery';
export { FeedContext, type FeedContextValue, titleIdOf, useFeedContext } from './hooks/feedContext';
export { arrivedFirstPage, firstPageAnswer } from './store/firstPage';
export { arrivedPinnedPost, pinnedPostAnswer, readPinnedPost } from './store/pinnedPost';
export {
  listPosts,
  postRest,
  postRestUnder,
  readPost,
  restRead,
  restSettings,
} from './store/restReads';
