/** The collections more than one feature writes or reads; each feature names its own others. */
export const POSTS = 'posts';
/** The one document naming the post the club pins on top (firestore.rules clubPin). */
export const CLUB_PIN = 'clubPin/current';
/** postChanges/{id}: the server time of post id's last write, stamped in the same commit. */
export const POST_CHANGES = 'postChanges';
/** comments/{postId_commentId}: the moderation copy of each comment (the club's list, and a deleted post's clean-up). */
export const COMMENTS = 'comments';
