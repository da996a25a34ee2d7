// The search feature's public face. The search box and the filter over the loaded posts.
export { SearchBox } from './components/SearchBox';
export { SearchStatus } from './components/SearchStatus';
export { searchPosts } from './data/searchPosts';
