/** A figure `npm run bench:emulator` prints. */
export interface BenchLine {
  name: string;
  value: number;
  unit: string;
  /** The figure must be at most this. */
  target?: number;
}

/** `name: value unit`, with its target when it has one; false when the target is missed. */
export function printLine(line: BenchLine): boolean {
  const value = `${line.value.toFixed(line.unit === 'ms' ? 3 : 1)} ${line.unit}`;
  const met = line.target === undefined || line.value <= line.target;
  const target =
    line.target === undefined
      ? ''
      : ` (target ≤ ${line.target} ${line.unit}${met ? '' : ', MISSED'})`;
  console.log(`${line.name}: ${value}${target}`);
  return met;
}
