/** How the rules measure text: `size()` counts code points, Firestore's limits count UTF-8 bytes. */

const encoder = new TextEncoder();

export function utf8Bytes(text: string): number {
  return encoder.encode(text).length;
}

/** Code points, as the rules count a string's size (an emoji is one, not two). */
export function characterCount(text: string): number {
  return Array.from(text).length;
}
