export { LazyPostActions, LazyPostComposer, LazyPostEditor } from './components/lazyAdmin';
export { loadPostWrites } from './store/loadPostWrites';
