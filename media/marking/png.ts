// PNG: XMP goes in an iTXt chunk with the keyword XML:com.adobe.xmp (XMP
// specification part 3), placed right after IHDR. C2PA manifests live in a
// caBX chunk. IDAT (the pixels) is never touched.
import { crc32, inflateSync } from 'node:zlib';
import type { FileHandle } from 'node:fs/promises';
import { readAt } from './file.ts';
import type { Plan } from './plan.ts';
import { addSourceType, hasSourceType, xmpPacket, type MarkingSource } from './xmp.ts';

const XMP_KEYWORD = 'XML:com.adobe.xmp';
const TEXT_LIMIT = 1024 * 1024;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

export function xmpChunk(packet: string): Buffer {
  // keyword, NUL, compression flag 0, method 0, empty language, NUL, empty translated keyword, NUL, text
  return chunk('iTXt', Buffer.concat([Buffer.from(XMP_KEYWORD, 'latin1'), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(packet, 'utf8')]));
}

/** The text of an iTXt chunk, or undefined when it is not readable. */
function iTxtText(data: Buffer): { keyword: string; text: string } | undefined {
  const k = data.indexOf(0);
  if (k < 0) return undefined;
  const keyword = data.subarray(0, k).toString('latin1');
  const compressed = data[k + 1] === 1;
  const lang = data.indexOf(0, k + 3);
  const translated = lang < 0 ? -1 : data.indexOf(0, lang + 1);
  if (translated < 0) return undefined;
  const raw = data.subarray(translated + 1);
  try {
    return { keyword, text: (compressed ? inflateSync(raw) : raw).toString('utf8') };
  } catch {
    return undefined;
  }
}

export async function planPng(file: FileHandle, size: number, source: MarkingSource): Promise<Plan> {
  let pos = 8;
  let ihdrEnd = 0;
  let xmp: { at: number; length: number; text: string } | undefined;
  while (pos + 8 <= size) {
    const head = await readAt(file, pos, 8);
    const length = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    const total = 12 + length;
    if (type === 'IHDR') ihdrEnd = pos + total;
    if (type === 'caBX') return { action: 'kept', reason: 'the file carries a C2PA manifest (caBX chunk); left byte for byte' };
    if ((type === 'iTXt' || type === 'tEXt' || type === 'zTXt') && length <= TEXT_LIMIT) {
      const data = await readAt(file, pos + 8, length);
      const parsed = type === 'iTXt' ? iTxtText(data) : { keyword: '', text: data.toString('latin1') };
      if (parsed && hasSourceType(parsed.text)) return { action: 'kept', reason: `the provider already marked the file (${type} metadata states a digital source type); left byte for byte` };
      if (parsed && type === 'iTXt' && parsed.keyword === XMP_KEYWORD) xmp = { at: pos, length: total, text: parsed.text };
    }
    if (type === 'IEND') break;
    pos += total;
  }
  if (!ihdrEnd) return { action: 'none', reason: 'not a readable PNG (no IHDR chunk); left as it came' };
  if (xmp) {
    const updated = addSourceType(xmp.text, source);
    if (!updated) return { action: 'none', reason: 'the PNG has an XMP packet without rdf:Description; left as it came' };
    return { action: 'add', method: 'xmp-png-itxt', reason: 'IPTC DigitalSourceType trainedAlgorithmicMedia added to the existing XMP packet (iTXt)', edits: [{ at: xmp.at, remove: xmp.length, insert: xmpChunk(updated) }] };
  }
  return {
    action: 'add',
    method: 'xmp-png-itxt',
    reason: 'XMP with IPTC DigitalSourceType trainedAlgorithmicMedia added in an iTXt chunk; pixels untouched',
    edits: [{ at: ihdrEnd, insert: xmpChunk(xmpPacket(source)) }],
  };
}
