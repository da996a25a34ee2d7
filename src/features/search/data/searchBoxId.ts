/** The search box's id: its label points at it, and a search of every post listens for its Enter. */
export const SEARCH_BOX_ID = 'search-posts';
