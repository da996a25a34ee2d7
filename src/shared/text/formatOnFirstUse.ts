/**
 * An Intl formatter made when it is first used. Making one loads its locale's data: tens of
 * milliseconds on a phone, which at module load (or on every `toLocaleString`) lands in the long
 * tasks right after the first paint (bench:web's TBT).
 */
export function formatOnFirstUse<T extends Intl.DateTimeFormat>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
