/** The collections more than one feature writes or reads; each feature names its own others. */
export const POSTS = 'posts';
/** postChanges/{id}: the server time of post id's last write, stamped in the same commit. */
export const POST_CHANGES = 'postChanges';
