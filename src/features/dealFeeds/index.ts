// The dealFeeds feature's public face. The deals strip, a deal's own feed and the window's ins and
// outs (all lazy).
export { LazyDealsStrip, LazyDealView } from './components/lazyDeals';
