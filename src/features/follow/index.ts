export { DealNotice } from './components/DealNotice';
export { FollowButton } from './components/FollowButton';
export { useFollows } from './hooks/useFollows';
export { startFollowChecks } from './state/followChecks';
export { tellMoved } from './state/dealNews';
export { type FollowedDeal } from './state/follows';
