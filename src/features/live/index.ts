export { applyChanges } from './data/applyChanges';
export { useLiveUpdates } from './hooks/useLiveUpdates';
export { changesNotWrittenHere, listenToChanges } from './state/liveChecks';
