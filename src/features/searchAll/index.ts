// The searchAll feature's public face. The search of every post (not only the loaded ones): the
// 'Search all posts' button, its results as a feed, paged; lazy.
export { LazySearchAll } from './components/lazySearchAll';
