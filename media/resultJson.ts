// Serialises a JSON value whose file references ({ $file, size }) stand where
// the documented shape has base64 data, streaming each file's base64 from
// disk: memory stays at one read buffer however large the files, and the
// length is known before the first byte (base64 of n bytes is 4*ceil(n/3)).
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { isFileRef, type FileRef } from './store.ts';

// A multiple of 3, so every chunk but the last encodes without padding.
const READ_BYTES = 3 * 64 * 1024;

const ALPHABET = Buffer.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');

/**
 * Base64 of `bytes` into a new Buffer, without the intermediate JS string
 * that toString('base64') makes: strings of a few hundred KB are allocated in
 * V8's large-object space and only freed by a major GC, so streaming a 20 MB
 * file through them left its whole size in the heap for a while.
 */
export function base64Bytes(bytes: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(base64Length(bytes.length));
  let o = 0;
  let i = 0;
  for (const end = bytes.length - (bytes.length % 3); i < end; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o++] = ALPHABET[n >>> 18]!;
    out[o++] = ALPHABET[(n >>> 12) & 63]!;
    out[o++] = ALPHABET[(n >>> 6) & 63]!;
    out[o++] = ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest) {
    const n = (bytes[i]! << 16) | (rest === 2 ? bytes[i + 1]! << 8 : 0);
    out[o++] = ALPHABET[n >>> 18]!;
    out[o++] = ALPHABET[(n >>> 12) & 63]!;
    out[o++] = rest === 2 ? ALPHABET[(n >>> 6) & 63]! : 0x3d;
    out[o++] = 0x3d;
  }
  return out;
}

export function base64Length(size: number): number {
  return 4 * Math.ceil(size / 3);
}

export function containsFiles(value: unknown): boolean {
  if (isFileRef(value)) return true;
  if (Array.isArray(value)) return value.some(containsFiles);
  if (value && typeof value === 'object') return Object.values(value).some(containsFiles);
  return false;
}

/** Every file reference in a value, in document order. */
export function fileRefs(value: unknown, out: FileRef[] = []): FileRef[] {
  if (isFileRef(value)) out.push(value);
  else if (Array.isArray(value)) for (const v of value) fileRefs(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) fileRefs(v, out);
  return out;
}

type PathOf = (name: string) => string;

/** A file's bytes in READ_BYTES pieces, read into one reused buffer (the caller encodes each piece before asking for the next). */
async function* pieces(path: string, buffer: Buffer): AsyncGenerator<Buffer> {
  const file = await open(path, 'r');
  try {
    for (;;) {
      let filled = 0;
      while (filled < buffer.length) {
        const { bytesRead } = await file.read(buffer, filled, buffer.length - filled, null);
        if (!bytesRead) break;
        filled += bytesRead;
      }
      if (filled) yield buffer.subarray(0, filled);
      if (filled < buffer.length) return;
    }
  } finally {
    await file.close();
  }
}

export function streamJsonWithFiles(value: unknown, pathOf: PathOf): { length: number; stream: Readable } {
  const refs: FileRef[] = [];
  // A marker no JSON string produced by stringify can contain unescaped.
  const text = JSON.stringify(value, (_key, v) => {
    if (!isFileRef(v)) return v;
    refs.push(v);
    return `\u0000${refs.length - 1}`;
  });
  const parts = text.split(/"\\u0000\d+"/);
  let length = 0;
  for (const p of parts) length += Buffer.byteLength(p);
  for (const ref of refs) length += 2 + base64Length(ref.size);
  async function* generate(): AsyncGenerator<Buffer> {
    for (let i = 0; i < parts.length; i++) {
      yield Buffer.from(parts[i]!);
      const ref = refs[i];
      if (!ref) continue;
      yield Buffer.from('"');
      // Every piece but the last is a whole multiple of 3 bytes, so it encodes without padding.
      const buffer = Buffer.allocUnsafe(READ_BYTES);
      let sent = 0;
      for await (const piece of pieces(pathOf(ref.$file), buffer)) {
        yield base64Bytes(piece);
        sent += piece.length;
      }
      // The length promised up front must hold: a file that changed size is an internal error.
      if (sent !== ref.size) throw new Error(`stored file ${ref.$file} has ${sent} bytes, expected ${ref.size}`);
      yield Buffer.from('"');
    }
  }
  return { length, stream: Readable.from(generate(), { objectMode: false }) };
}
