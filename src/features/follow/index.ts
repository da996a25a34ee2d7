export { DealNotice } from './components/DealNotice';
export { FollowButton } from './components/FollowButton';
export { startFollowChecks, tellMoved } from './state/followChecks';
export { type FollowedDeal, useFollows } from './state/follows';
