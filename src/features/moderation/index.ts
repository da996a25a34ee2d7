// The moderation feature's public face. The administrator's moderation view (lazy) and its reads
// and writes.
export { LazyModerationView } from './components/lazyModeration';
