/** The Lite SDK's module, as the stamp needs it (this file may not import the SDK). */
interface Sdk {
  serverTimestamp: () => unknown;
}

/**
 * postChanges/{id} as a write of the post leaves it (firestore.rules stampsPost): changed at the
 * server's time, the post document itself too (`postAt`: open pages read the post again only when
 * it moved), and the comment the write adds or removes, if any. Apart from firestoreWrites.ts so
 * that scripts, which cannot load the app's settings, share it through the comment recipe.
 */
export function postStamp(sdk: Sdk, comment?: string): Record<string, unknown> {
  const at = sdk.serverTimestamp();
  return { at, postAt: at, ...(comment !== undefined && { comment }) };
}
