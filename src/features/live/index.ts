// The live feature's public face. Live updates: change-stamp checks while the tab is visible, and
// what they found.
export { useLiveUpdates } from './hooks/useLiveUpdates';
export { changesNotWrittenHere, listenToChanges } from './state/liveChecks';
export { onThreadStamps } from './store/threadStamps';
