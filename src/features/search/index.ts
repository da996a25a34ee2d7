export { SearchBox } from './components/SearchBox';
export { SearchStatus } from './components/SearchStatus';
export { searchPosts } from './data/searchPosts';
