/**
 * The sum and average of Firestore numbers as the documentation of `Aggregation.Sum` and
 * `Aggregation.Avg` describes them: only integerValue and doubleValue count; integers add up
 * exactly and stay a 64-bit integer unless the total does not fit (then a double); any double
 * makes the result a double; NaN anywhere gives NaN; infinities follow IEEE 754.
 *
 * Doubles are added exactly (Shewchuk's partials, and past the double range an exact BigInt
 * scaled by 2^1074) and rounded once, so the result does not depend on document order and an
 * intermediate overflow that later cancels still gives the finite sum (matches Firestore's own
 * SDK tests: MAX + MAX − MAX − MAX sums to 0). Firestore itself may differ in the last bit: it
 * documents floating-point sums as non-deterministic.
 */
import type { Value } from '../model';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
/** Every finite double is an integer multiple of 2^-1074. */
const SCALE_BITS = 1074n;

const float = new Float64Array(1);
const bits = new BigUint64Array(float.buffer);

/** x × 2^1074 as an exact BigInt (x finite). */
function scaled(x: number): bigint {
  float[0] = x;
  const raw = bits[0];
  const exponent = (raw >> 52n) & 0x7ffn;
  const fraction = raw & 0xfffffffffffffn;
  const magnitude = exponent === 0n ? fraction : (fraction | (1n << 52n)) << (exponent - 1n);
  return raw >> 63n === 1n ? -magnitude : magnitude;
}

/** n × 2^-1074 rounded to the nearest double (ties to even), as IEEE 754 addition would. */
function unscaled(n: bigint): number {
  if (n === 0n) return 0;
  const negative = n < 0n;
  let magnitude = negative ? -n : n;
  const length = magnitude.toString(2).length;
  // Keep 64 significant bits and a sticky bit for everything below, so Number() rounds once.
  const shift = Math.max(0, length - 64);
  if (shift > 0) {
    const dropped = magnitude & ((1n << BigInt(shift)) - 1n);
    magnitude = (magnitude >> BigInt(shift)) | (dropped === 0n ? 0n : 1n);
  }
  const result = Number(magnitude) * 2 ** (shift - Number(SCALE_BITS));
  return negative ? -result : result;
}

export class NumericSum {
  /** How many numeric values were added (the average's divisor). */
  count = 0;
  private smallInts = 0;
  private bigInts = 0n;
  private sawDouble = false;
  private partials: number[] = [];
  /** Set once the partials would overflow: the finite doubles' exact sum × 2^1074. */
  private exact: bigint | null = null;
  private nan = false;
  private positiveInfinity = false;
  private negativeInfinity = false;

  /** Adds the value if it is a number; every other type is skipped, as Firestore skips it. */
  add(value: Value | undefined): void {
    if (value === undefined) return;
    if ('integerValue' in value) {
      this.count++;
      this.addInteger(value.integerValue);
    } else if ('doubleValue' in value) {
      this.count++;
      this.sawDouble = true;
      this.addDouble(Number(value.doubleValue));
    }
  }

  /** The sum: 0 (an integer) for no values. */
  sum(): Value {
    const special = this.special();
    if (special !== null) return doubleValue(special);
    const ints = this.bigInts + BigInt(this.smallInts);
    if (!this.sawDouble && ints >= INT64_MIN && ints <= INT64_MAX) {
      return { integerValue: ints.toString() };
    }
    return doubleValue(this.doubleTotal(ints));
  }

  /** The average, always a double; null when no value was numeric. */
  average(): Value {
    if (this.count === 0) return { nullValue: null };
    const special = this.special();
    if (special !== null) return doubleValue(special);
    const total = this.doubleTotal(this.bigInts + BigInt(this.smallInts));
    // matches Firestore: the total is a double first, so MAX_VALUE twice averages to Infinity.
    return doubleValue(total / this.count);
  }

  private addInteger(text: string | number): void {
    const n = Number(text);
    if (Number.isSafeInteger(n) && Number.isSafeInteger(this.smallInts + n)) {
      this.smallInts += n;
      return;
    }
    this.bigInts += BigInt(text);
  }

  private addDouble(x: number): void {
    if (Number.isNaN(x)) {
      this.nan = true;
      return;
    }
    if (x === Infinity || x === -Infinity) {
      if (x > 0) this.positiveInfinity = true;
      else this.negativeInfinity = true;
      return;
    }
    if (this.exact !== null) {
      this.exact += scaled(x);
      return;
    }
    // Shewchuk's exact partials: after each step the partials sum exactly to every value so far.
    const partials = this.partials;
    let kept = 0;
    for (let j = 0; j < partials.length; j++) {
      let y = partials[j];
      if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
      const high = x + y;
      if (!Number.isFinite(high)) {
        // The exact total is still partials[0..kept) + x + y + partials[j+1..]: keep it as a BigInt.
        let exact = scaled(x) + scaled(y);
        for (let k = 0; k < kept; k++) exact += scaled(partials[k]);
        for (let k = j + 1; k < partials.length; k++) exact += scaled(partials[k]);
        this.exact = exact;
        this.partials = [];
        return;
      }
      const low = y - (high - x);
      if (low !== 0) partials[kept++] = low;
      x = high;
    }
    partials.length = kept;
    partials.push(x);
  }

  private special(): number | null {
    if (this.nan || (this.positiveInfinity && this.negativeInfinity)) return NaN;
    if (this.positiveInfinity) return Infinity;
    if (this.negativeInfinity) return -Infinity;
    return null;
  }

  /** Integers and doubles together, rounded once to a double. */
  private doubleTotal(ints: bigint): number {
    let exact = this.exact ?? 0n;
    for (const partial of this.partials) exact += scaled(partial);
    if (ints !== 0n) exact += ints << SCALE_BITS;
    return unscaled(exact);
  }
}

/** A double as the REST API writes it: a JSON number, or 'NaN' / 'Infinity' / '-Infinity'. */
function doubleValue(x: number): Value {
  return { doubleValue: Number.isFinite(x) ? x : String(x) };
}
