// The follow feature's public face. Following a deal: the Follow button, the follows kept on this
// device, the checks and alerts.
export { DealNotice } from './components/DealNotice';
export { FollowButton } from './components/FollowButton';
export { useFollows } from './hooks/useFollows';
export { tellMoved } from './state/dealNews';
export { startFollowChecks } from './state/followChecks';
export { type FollowedDeal } from './state/follows';
