// The search feature's public face. The search box and the filter over the loaded posts.
export { SearchBox } from './components/SearchBox';
export { searchPosts } from './data/searchPosts';
export { type Search, useSearch } from './hooks/useSearch';
export { useSearchedAfterPaint } from './hooks/useSearchedAfterPaint';
// The searchAll feature's public face. The search of every post (not only the loaded ones): the
// 'Search all posts' button, its results as a feed, paged; lazy.
export { LazySearchAll } from './components/lazySearchAll';
