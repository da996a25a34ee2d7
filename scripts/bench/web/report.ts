/**
 * What `bench:web` prints: `name: value unit` lines, figures of the two feeds side by side (a
 * `feed/name` line each, and a row of the table printed at the end), and the budgets checked last.
 */

/** The feeds measured side by side, in the order of the table's columns. */
export type SideFeed = 'demo' | 'deadline-day';
export const SIDE_BY_SIDE: readonly SideFeed[] = ['demo', 'deadline-day'];

/** One figure of each feed, picked from each feed's figures. */
export function sideBySide<T, V>(
  figures: Record<SideFeed, T>,
  pick: (figures: T) => V,
): Record<SideFeed, V> {
  return { demo: pick(figures.demo), 'deadline-day': pick(figures['deadline-day']) };
}

interface Budget {
  name: string;
  value: number;
  limit: number;
  /** 'max': value must be at most limit; 'min': at least. */
  kind: 'max' | 'min';
}

const budgets: Budget[] = [];
const rows: { figure: string; values: string[] }[] = [];

export function report(name: string, value: number | string, unit = ''): void {
  console.log(`${name}: ${value}${unit ? ` ${unit}` : ''}`);
}

/** A budget on a figure; a figure that could not be measured (NaN) misses it. */
export function budget(name: string, value: number, kind: Budget['kind'], limit: number): void {
  budgets.push({ name, value, kind, limit });
}

/** One figure of each feed: a `feed/name` line each, one after the other, and a table row. */
export function reportPair(
  name: string,
  values: Record<SideFeed, number | string>,
  unit = '',
): void {
  for (const feed of SIDE_BY_SIDE) report(`${feed}/${name}`, values[feed], unit);
  tableRow(unit ? `${name} (${unit})` : name, values);
}

/** A figure of each feed: its name, how it is picked from a feed's figures, and its unit. */
export type PairedFigure<T> = [name: string, pick: (figures: T) => number | string, unit?: string];

/** Each figure of both feeds, as reportPair prints it. */
export function reportPairs<T>(figures: Record<SideFeed, T>, paired: PairedFigure<T>[]): void {
  for (const [name, pick, unit] of paired) reportPair(name, sideBySide(figures, pick), unit);
}

/** A row of the final table alone, for a figure whose lines were printed otherwise. */
export function tableRow(figure: string, values: Record<SideFeed, number | string>): void {
  rows.push({ figure, values: SIDE_BY_SIDE.map((feed) => String(values[feed])) });
}

/** The two feeds' figures as a table, one row a figure. */
export function printTable(): void {
  if (rows.length === 0) return;
  printColumns(
    ['figure', ...SIDE_BY_SIDE],
    rows.map((row) => [row.figure, ...row.values]),
  );
}

/** A table: the first column left-aligned, the others right-aligned, each as wide as needs be. */
export function printColumns(head: readonly string[], lines: readonly string[][]): void {
  const widths = head.map((title, column) =>
    Math.max(title.length, ...lines.map((cells) => (cells[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[column]),
      )
      .join('  ');
  console.log(`\n${line(head)}`);
  for (const cells of lines) console.log(line(cells));
  console.log('');
}

/** Prints every missed budget (or that all were met); 0 when all were met, else 1. */
export function verdict(started: number): number {
  report('bench-time', ((Date.now() - started) / 1000).toFixed(0), 's');
  // Written so that NaN (not measured) misses.
  const missed = budgets.filter((item) =>
    item.kind === 'max' ? !(item.value <= item.limit) : !(item.value >= item.limit),
  );
  for (const item of missed) {
    const relation = item.kind === 'max' ? 'at most' : 'at least';
    console.error(
      `BUDGET MISSED: ${item.name} is ${round(item.value)}, must be ${relation} ${item.limit}`,
    );
  }
  if (missed.length === 0) console.log(`budgets: all ${budgets.length} met`);
  return missed.length === 0 ? 0 : 1;
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** `measured` over `base`, as printed. */
export const ratio = (measured: number, base: number) => (measured / base).toFixed(2);

function round(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(3);
}
