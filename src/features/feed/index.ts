// The feed feature's public face. The feed page: cards, paging, long feeds, a permalinked post, the
// feed's writes.
export { Feed } from './components/Feed';
export { MainFeed } from './components/MainFeed';
export { PostCard } from './components/PostCard';
export type { FeedModel } from './hooks/useFeed';
export { useMainFeedStamps } from './hooks/useMainFeedStamps';
export { useCommittedWrites } from './hooks/useCommittedWrites';
export { writtenAt } from './commands';
export { usePaging } from './hooks/usePaging';
export { provideDealLink } from './state/dealLinkSlot';
export { firstPageAnswer } from './store/firstPage';
