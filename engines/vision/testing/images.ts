// Images for vision tests: the shipped photographs, and broken or oversized
// files built byte by byte.
import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

export function photo(name: 'astronaut' | 'chelsea' | 'coffee'): Buffer {
  return readFileSync(new URL(`./images/${name}.png`, import.meta.url));
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A PNG whose header says width x height (RGB, 8 bits) followed by one short data chunk: refused before any decoding. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(64))), chunk('IEND', Buffer.alloc(0))]);
}

/** The first part of a real image: a valid header, then the data stops. */
export function truncated(bytes: Buffer): Buffer {
  return bytes.subarray(0, Math.floor(bytes.length / 3));
}
