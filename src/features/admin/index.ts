// The admin feature's public face. The administrator's parts: the post form, the editor, a card's
// actions, a deal's terms, and their writes.
export {
  LazyDealTermsForm,
  LazyPostActions,
  LazyPostComposer,
  LazyPostEditor,
} from './components/lazyAdmin';
