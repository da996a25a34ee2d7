/**
 * Numbers as British English writes them, worked out here rather than by Intl: the first Intl
 * number formatter a page makes loads its locale's data, about 85 ms of a phone's main thread in
 * one task (bench:web's TBT on the deadline-day feed, where a 10,000-comment story is the first
 * count over 999), for what is only commas between thousands and a few decimals.
 */

/** Thousands split by commas, a fraction kept as it is: 1234567 → '1,234,567', 1234.5 → '1,234.5'. */
export function groupThousands(value: number): string {
  const [whole, fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** At most `places` decimals, no trailing zeros: 8.5 → '8.5', 8.256 → '8.26', 8 → '8'. */
export function roundedText(value: number, places: number): string {
  return groupThousands(Number(value.toFixed(places)));
}
