export { LazyModerationView } from './components/lazyModeration';
