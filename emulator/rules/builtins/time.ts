/**
 * rules.Timestamp, rules.Duration and the `timestamp` / `duration` namespaces
 * (https://firebase.google.com/docs/reference/rules/rules.Timestamp, .../rules.Duration,
 * .../rules.timestamp_, .../rules.duration_). Timestamps are UTC with nanosecond precision.
 */
import { floorDiv, RDuration, RError, RTimestamp, type Result, type RValue } from '../values';
import { invalidArgument, isInt, isNumber, type Method, type NamedFunction } from './types';

const NANOS_PER_SECOND = 1_000_000_000n;
const NANOS_PER_DAY = 86_400n * NANOS_PER_SECOND;

const UNITS: Record<string, bigint> = {
  w: 7n * NANOS_PER_DAY,
  d: NANOS_PER_DAY,
  h: 3600n * NANOS_PER_SECOND,
  m: 60n * NANOS_PER_SECOND,
  s: NANOS_PER_SECOND,
  ms: 1_000_000n,
  ns: 1n,
};

function timestampMethod(call: (self: RTimestamp, date: Date) => RValue): Method {
  return {
    arity: [0],
    call: (self) => call(self as RTimestamp, (self as RTimestamp).date()), // dispatched by type
  };
}

function nanosOfDay(self: RTimestamp): bigint {
  return self.nanos - floorDiv(self.nanos, NANOS_PER_DAY) * NANOS_PER_DAY;
}

/** Calendar fields are read in UTC. seconds() and nanos() are the fields within the minute. */
export const TIMESTAMP_METHODS: Record<string, Method> = {
  toMillis: timestampMethod((self) => self.millis()),
  year: timestampMethod((_, date) => BigInt(date.getUTCFullYear())),
  month: timestampMethod((_, date) => BigInt(date.getUTCMonth() + 1)),
  day: timestampMethod((_, date) => BigInt(date.getUTCDate())),
  hours: timestampMethod((_, date) => BigInt(date.getUTCHours())),
  minutes: timestampMethod((_, date) => BigInt(date.getUTCMinutes())),
  seconds: timestampMethod((_, date) => BigInt(date.getUTCSeconds())),
  nanos: timestampMethod(
    (self) => self.nanos - floorDiv(self.nanos, NANOS_PER_SECOND) * NANOS_PER_SECOND,
  ),
  // 1 to 7, Monday first (ISO 8601).
  dayOfWeek: timestampMethod((_, date) => BigInt(((date.getUTCDay() + 6) % 7) + 1)),
  dayOfYear: timestampMethod((_, date) => {
    const start = Date.UTC(date.getUTCFullYear(), 0, 1);
    return BigInt(Math.floor((date.getTime() - start) / 86_400_000) + 1);
  }),
  date: timestampMethod((self) => new RTimestamp(self.nanos - nanosOfDay(self))),
  time: timestampMethod((self) => new RDuration(nanosOfDay(self))),
};

export const DURATION_METHODS: Record<string, Method> = {
  seconds: { arity: [0], call: (self) => (self as RDuration).nanos / NANOS_PER_SECOND }, // by type
  nanos: { arity: [0], call: (self) => (self as RDuration).nanos % NANOS_PER_SECOND }, // by type
};

function toNanos(amount: bigint | number, unit: bigint): bigint {
  return typeof amount === 'bigint' ? amount * unit : BigInt(Math.trunc(amount * Number(unit)));
}

export const DURATION_FUNCTIONS: Record<string, NamedFunction> = {
  value: {
    arity: [2],
    call: ([magnitude, unit]) => {
      if (!isNumber(magnitude)) return invalidArgument('duration.value', magnitude);
      if (typeof unit !== 'string' || !(unit in UNITS)) {
        return new RError(`Invalid duration unit '${String(unit)}' (use w, d, h, m, s, ms or ns).`);
      }
      return new RDuration(toNanos(magnitude, UNITS[unit]));
    },
  },
  time: {
    arity: [4],
    call: (args) => {
      const bad = args.find((arg) => !isInt(arg));
      if (bad !== undefined) return invalidArgument('duration.time', bad);
      const [h, m, s, ns] = args as bigint[]; // all checked to be int just above
      return new RDuration(h * UNITS.h + m * UNITS.m + s * UNITS.s + ns);
    },
  },
  abs: {
    arity: [1],
    call: ([d]) =>
      d instanceof RDuration
        ? new RDuration(d.nanos < 0n ? -d.nanos : d.nanos)
        : invalidArgument('duration.abs', d),
  },
};

export const TIMESTAMP_FUNCTIONS: Record<string, NamedFunction> = {
  value: {
    arity: [1],
    call: ([millis]): Result =>
      isInt(millis)
        ? new RTimestamp(millis * 1_000_000n)
        : invalidArgument('timestamp.value', millis),
  },
  date: {
    arity: [3],
    call: (args): Result => {
      const bad = args.find((arg) => !isInt(arg));
      if (bad !== undefined) return invalidArgument('timestamp.date', bad);
      const [year, month, day] = args.map(Number);
      const date = new Date(0);
      date.setUTCFullYear(year, month - 1, day);
      if (date.getUTCMonth() !== month - 1) return new RError('Invalid date in timestamp.date.');
      return RTimestamp.fromMillis(date.getTime());
    },
  },
};
