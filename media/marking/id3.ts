// MP3: an ID3v2 tag at the start carries a TXXX frame
// "DigitalSourceType" = the IPTC URI (what ID3 readers show) and a PRIV
// frame owned by "XMP" with the same XMP packet (what XMP readers such as
// exiftool read). An existing ID3v2.3/2.4 tag gets the two frames added; the
// MPEG audio frames after the tag are never touched.
import type { FileHandle } from 'node:fs/promises';
import { readAt } from './file.ts';
import type { Plan } from './plan.ts';
import { DIGITAL_SOURCE_TYPE, hasSourceType, xmpPacket, type MarkingSource } from './xmp.ts';

const TAG_LIMIT = 16 * 1024 * 1024;

function syncsafe(n: number): Buffer {
  return Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);
}

function readSyncsafe(b: Buffer, at: number): number {
  return (b[at]! << 21) | (b[at + 1]! << 14) | (b[at + 2]! << 7) | b[at + 3]!;
}

function frame(id: string, data: Buffer, version: number): Buffer {
  const head = Buffer.alloc(10);
  head.write(id, 0, 'latin1');
  if (version === 4) syncsafe(data.length).copy(head, 4);
  else head.writeUInt32BE(data.length, 4);
  return Buffer.concat([head, data]);
}

export function markingFrames(version: number, source: MarkingSource): Buffer {
  // Encoding 0 (ISO-8859-1): the description and URI are ASCII, and v2.3 has no UTF-8.
  const txxx = frame('TXXX', Buffer.concat([Buffer.from([0]), Buffer.from('DigitalSourceType\0', 'latin1'), Buffer.from(DIGITAL_SOURCE_TYPE, 'latin1')]), version);
  const priv = frame('PRIV', Buffer.concat([Buffer.from('XMP\0', 'latin1'), Buffer.from(xmpPacket(source), 'utf8')]), version);
  return Buffer.concat([txxx, priv]);
}

function looksLikeMpeg(head: Buffer): boolean {
  return head.length > 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0;
}

export async function planMp3(file: FileHandle, size: number, source: MarkingSource): Promise<Plan> {
  const head = await readAt(file, 0, 10);
  if (head.toString('latin1', 0, 3) !== 'ID3') {
    if (!looksLikeMpeg(head)) return { action: 'none', reason: 'not a readable MP3; left as it came' };
    const frames = markingFrames(4, source);
    const header = Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([4, 0, 0]), syncsafe(frames.length)]);
    return { action: 'add', method: 'id3v2', reason: 'ID3v2.4 tag with TXXX DigitalSourceType and XMP (PRIV) added; audio frames untouched', edits: [{ at: 0, insert: Buffer.concat([header, frames]) }] };
  }
  const version = head[3]!;
  const flags = head[5]!;
  const tagSize = readSyncsafe(head, 6);
  if (version !== 3 && version !== 4) return { action: 'none', reason: `the file has an ID3v2.${version} tag the gateway does not rewrite; left as it came` };
  if (flags & 0xc0 || tagSize > TAG_LIMIT || 10 + tagSize > size) {
    return { action: 'none', reason: 'the ID3 tag uses unsynchronisation or an extended header, which the gateway does not rewrite; left as it came' };
  }
  const body = await readAt(file, 10, tagSize);
  let pos = 0;
  while (pos + 10 <= body.length && body[pos] !== 0) {
    const id = body.toString('latin1', pos, pos + 4);
    const length = version === 4 ? readSyncsafe(body, pos + 4) : body.readUInt32BE(pos + 4);
    const data = body.subarray(pos + 10, pos + 10 + length);
    // UTF-16 frames hold ASCII with a NUL beside every letter.
    const text = data.toString('latin1').replace(/\0/g, '');
    if (id === 'GEOB' && /c2pa/i.test(text)) return { action: 'kept', reason: 'the file carries a C2PA manifest (ID3 GEOB); left byte for byte' };
    if ((id === 'TXXX' || id === 'PRIV' || id === 'COMM') && hasSourceType(text)) {
      return { action: 'kept', reason: 'the provider already marked the file (ID3 states a digital source type); left byte for byte' };
    }
    pos += 10 + length;
  }
  const frames = markingFrames(version, source);
  const header = Buffer.concat([head.subarray(0, 6), syncsafe(tagSize + frames.length)]);
  return {
    action: 'add',
    method: 'id3v2',
    reason: 'TXXX DigitalSourceType and XMP (PRIV) frames added to the existing ID3 tag; audio frames untouched',
    edits: [
      { at: 0, remove: 10, insert: header },
      { at: 10 + pos, insert: frames },
    ],
  };
}
