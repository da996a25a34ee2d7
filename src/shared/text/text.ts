/**
 * How the rules measure text: `size()` counts UTF-16 code units on Google's engine (firestore.rules
 * isText), Firestore's limits count UTF-8 bytes.
 */

const encoder = new TextEncoder();

export function utf8Bytes(text: string): number {
  return encoder.encode(text).length;
}

/**
 * UTF-16 code units, as the rules' `size()` counts a string on Google's engine (an emoji is two,
 * 'é' and '漢' one), and as an input's maxlength counts: JavaScript's own string length.
 */
export function characterCount(text: string): number {
  return text.length;
}
