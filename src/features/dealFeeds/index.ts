export { LazyDealsStrip, LazyDealView } from './components/lazyDeals';
