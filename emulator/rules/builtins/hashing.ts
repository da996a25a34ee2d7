/**
 * The `hashing` namespace (https://firebase.google.com/docs/reference/rules/rules.hashing): each
 * function takes a string (hashed as its UTF-8) or bytes and returns the digest as rules Bytes.
 * CRC-32 is returned big-endian, the order its hex string is written in.
 */
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { RBytes, type RValue } from '../values';
import { invalidArgument, type NamedFunction } from './types';

function inputBytes(value: RValue): Uint8Array | undefined {
  if (typeof value === 'string') return Buffer.from(value, 'utf8');
  return value instanceof RBytes ? value.bytes : undefined;
}

function hashing(name: string, digest: (input: Uint8Array) => Uint8Array): NamedFunction {
  return {
    arity: [1],
    call: ([value]) => {
      const input = inputBytes(value);
      return input ? new RBytes(digest(input)) : invalidArgument(`hashing.${name}`, value);
    },
  };
}

const nodeHash = (algorithm: string) => (input: Uint8Array) =>
  new Uint8Array(createHash(algorithm).update(input).digest());

function bigEndian32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

export const HASHING_FUNCTIONS: Record<string, NamedFunction> = {
  sha256: hashing('sha256', nodeHash('sha256')),
  md5: hashing('md5', nodeHash('md5')),
  crc32: hashing('crc32', (input) => bigEndian32(crc32(input))),
  // Node has no CRC-32C (Castagnoli) and this emulator writes no checksum code of its own, so a
  // rules file that calls it is refused when it is loaded rather than evaluated differently.
  crc32c: {
    arity: [1],
    unsupported:
      'this emulator does not implement hashing.crc32c (Node.js has no CRC-32C); use hashing.sha256, md5 or crc32',
    call: ([value]) => invalidArgument('hashing.crc32c', value),
  },
};
