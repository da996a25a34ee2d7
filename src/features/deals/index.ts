// The deals feature's public face. A deal: its shape and reads, the names and known deals, its
// summary write, the badge and link on a card.
export { DealAnchor, WindowAnchor } from './components/DealAnchor';
export { DealHistory } from './components/DealHistory';
export { DealStatusBadge } from './components/DealStatusBadge';
export { DealTermsList } from './components/DealTermsList';
export { PostDealLink } from './components/PostDealLink';
export { chooseDeal, type Deal, movesDealOn } from './data/deal';
export { isDealId } from './data/addressParams';
export { OPEN_DEAL_MESSAGE } from './data/dealMessage';
export { DEALS_PER_READ } from './data/dealQueries';
export { dealStatusText } from './data/dealWords';
export { ShownDeal } from './data/shownDeal';
export { useDealAddress } from './hooks/useDealAddress';
export { useKnownDeals } from './hooks/useKnownDeals';
export {
  dealHref,
  leaveDeal,
  openedFromPage,
  pushDeal,
  pushWindow,
  windowHref,
} from './state/dealHistory';
export { learnDealNames } from './state/dealNames';
export { dealWritten, onDealWritten } from './state/knownDeals';
export {
  type DealsAt,
  listDealPosts,
  listDeals,
  readDeal,
  readDeals,
  readDealsAt,
  readDealsChangedAfter,
} from './store/dealReads';
export { saveDealTerms } from './store/dealTermsWrite';
export { writeDealSummary } from './store/dealSummaryWrite';
// The follow feature's public face. Following a deal: the Follow button, the follows kept on this
// device, the checks and alerts.
export { DealNotice } from './components/DealNotice';
export { FollowButton } from './components/FollowButton';
export { useFollows } from './hooks/useFollows';
export { tellMoved } from './state/dealNews';
export { startFollowChecks } from './state/followChecks';
export { type FollowedDeal } from './state/follows';
