/** Firestore's own limit, which Node tools share with the app: at most 500 writes in one commit. */
export const WRITES_PER_COMMIT = 500;
