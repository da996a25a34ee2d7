// The dealFeeds feature's public face. The deals strip and a deal's own feed (both lazy).
export { LazyDealsStrip, LazyDealView } from './components/lazyDeals';
