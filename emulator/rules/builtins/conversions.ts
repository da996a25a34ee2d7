/**
 * Global conversions (`int`, `float`, `string`, `debug`), rules.Bytes, rules.LatLng and the
 * `latlng` namespace (https://firebase.google.com/docs/reference/rules/rules).
 */
import type { RBytes } from '../values';
import {
  checkInt,
  RDuration,
  RError,
  RLatLng,
  RPath,
  RTimestamp,
  typeName,
  type Result,
  type RValue,
} from '../values';
import { invalidArgument, type Method, type NamedFunction } from './types';

function toInt(value: RValue): Result {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    return Number.isFinite(value)
      ? checkInt(BigInt(Math.trunc(value)))
      : invalidArgument('int', value);
  }
  if (typeof value === 'string' && /^[+-]?\d+$/.test(value.trim()))
    return checkInt(BigInt(value.trim()));
  return invalidArgument('int', value);
}

function toFloat(value: RValue): Result {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) {
    return Number(value);
  }
  return invalidArgument('float', value);
}

function toText(value: RValue): Result {
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(1) : String(value);
  if (value instanceof RPath) return value.toString();
  if (value instanceof RTimestamp) return value.date().toISOString();
  if (value instanceof RDuration) return `${value.nanos / 1_000_000_000n}s`;
  return new RError(`Cannot convert ${typeName(value)} to string.`);
}

export const CONVERSION_FUNCTIONS: Record<string, NamedFunction> = {
  int: { arity: [1], call: ([value]) => toInt(value) },
  float: { arity: [1], call: ([value]) => toFloat(value) },
  string: { arity: [1], call: ([value]) => toText(value) },
  // debug() logs in the official emulator and returns its argument; here it only returns it.
  debug: { arity: [1], call: ([value]) => value },
};

export const BYTES_METHODS: Record<string, Method> = {
  size: { arity: [0], call: (self) => BigInt((self as RBytes).bytes.length) }, // by type
  toBase64: { arity: [0], call: (self) => Buffer.from((self as RBytes).bytes).toString('base64') }, // by type
  toHexString: {
    arity: [0],
    call: (self) =>
      Buffer.from((self as RBytes).bytes)
        .toString('hex')
        .toUpperCase(), // by type
  },
};

const EARTH_RADIUS_METERS = 6_371_008.8;

function radians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

export const LATLNG_METHODS: Record<string, Method> = {
  latitude: { arity: [0], call: (self) => (self as RLatLng).lat }, // dispatched by type
  longitude: { arity: [0], call: (self) => (self as RLatLng).lng }, // dispatched by type
  distance: {
    arity: [1],
    call: (self, [other]) => {
      if (!(other instanceof RLatLng)) return invalidArgument('distance', other);
      const a = self as RLatLng; // dispatched by type
      const h =
        Math.sin(radians(other.lat - a.lat) / 2) ** 2 +
        Math.cos(radians(a.lat)) *
          Math.cos(radians(other.lat)) *
          Math.sin(radians(other.lng - a.lng) / 2) ** 2;
      return 2 * EARTH_RADIUS_METERS * Math.asin(Math.sqrt(h));
    },
  },
};

export const LATLNG_FUNCTIONS: Record<string, NamedFunction> = {
  value: {
    arity: [2],
    call: ([lat, lng]) =>
      typeof lat === 'number' && typeof lng === 'number'
        ? new RLatLng(lat, lng)
        : invalidArgument('latlng.value', typeof lat === 'number' ? lng : lat),
  },
};
