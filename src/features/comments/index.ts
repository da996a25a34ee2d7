// The comments feature's public face. A post's comments: the thread on a card, a fan's comment box,
// removal and reports, and their writes.
export { CommentsClosed } from './components/CommentsClosed';
export { CommentThread } from './components/CommentThread';
export { LazyCommentBox } from './components/lazyComments';
export { COMMENTS, SUSPENSIONS } from './data/commentCopies';
export { isSuspendedAt, type Suspension } from './data/commenting';
export { toComments } from './data/commentList';
export { toSuspension } from './store/ownSuspension';
export { heldThread, setThread, threadReading } from './store/threads';
