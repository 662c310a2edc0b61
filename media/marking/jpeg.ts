// JPEG: XMP goes in an APP1 segment named http://ns.adobe.com/xap/1.0/,
// after the leading APP0 (JFIF) and APP1 (Exif) segments. C2PA manifests
// live in APP11 JUMBF boxes. The entropy-coded scan is never touched.
import type { FileHandle } from 'node:fs/promises';
import { readAt } from './file.ts';
import type { Plan } from './plan.ts';
import { addSourceType, hasSourceType, xmpPacket, type MarkingSource } from './xmp.ts';

const XMP_NS = 'http://ns.adobe.com/xap/1.0/\0';

export function xmpSegment(packet: string): Buffer | undefined {
  const body = Buffer.concat([Buffer.from(XMP_NS, 'latin1'), Buffer.from(packet, 'utf8')]);
  if (body.length + 2 > 0xffff) return undefined;
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

export async function planJpeg(file: FileHandle, size: number, source: MarkingSource): Promise<Plan> {
  let pos = 2;
  let insertAt = 2;
  let leading = true;
  let xmp: { at: number; length: number; text: string } | undefined;
  while (pos + 4 <= size) {
    const head = await readAt(file, pos, 4);
    if (head[0] !== 0xff) return { action: 'none', reason: 'not a readable JPEG (bad segment marker); left as it came' };
    const marker = head[1]!;
    if (marker === 0xff) {
      pos++;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      pos += 2;
      continue;
    }
    const length = head.readUInt16BE(2);
    const total = 2 + length;
    if (marker >= 0xe0 && marker <= 0xef) {
      const data = await readAt(file, pos + 4, length - 2);
      const latin = data.toString('latin1');
      if (marker === 0xeb && /jumb|c2pa/.test(latin)) return { action: 'kept', reason: 'the file carries a C2PA manifest (APP11 JUMBF); left byte for byte' };
      if (marker === 0xe1 && latin.startsWith(XMP_NS)) {
        const text = data.subarray(XMP_NS.length).toString('utf8');
        if (hasSourceType(text)) return { action: 'kept', reason: 'the provider already marked the file (XMP states a digital source type); left byte for byte' };
        xmp = { at: pos, length: total, text };
      }
      const isExif = marker === 0xe1 && latin.startsWith('Exif\0');
      if (leading && (marker === 0xe0 || isExif)) insertAt = pos + total;
      else leading = false;
    } else leading = false;
    pos += total;
  }
  if (xmp) {
    const updated = addSourceType(xmp.text, source);
    const segment = updated ? xmpSegment(updated) : undefined;
    if (!segment) return { action: 'none', reason: 'the JPEG has an XMP packet the gateway cannot extend; left as it came' };
    return { action: 'add', method: 'xmp-jpeg-app1', reason: 'IPTC DigitalSourceType trainedAlgorithmicMedia added to the existing XMP packet (APP1)', edits: [{ at: xmp.at, remove: xmp.length, insert: segment }] };
  }
  return {
    action: 'add',
    method: 'xmp-jpeg-app1',
    reason: 'XMP with IPTC DigitalSourceType trainedAlgorithmicMedia added in an APP1 segment; scan data untouched',
    edits: [{ at: insertAt, insert: xmpSegment(xmpPacket(source))! }],
  };
}
