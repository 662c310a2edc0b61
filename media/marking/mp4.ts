// MP4 / QuickTime: XMP goes in a top-level uuid box (XMP specification part
// 3), appended at the end of the file so that no sample offset (stco/co64)
// moves. C2PA manifests live in their own uuid box.
import type { FileHandle } from 'node:fs/promises';
import { readAt } from './file.ts';
import type { Plan } from './plan.ts';
import { hasSourceType, xmpPacket, type MarkingSource } from './xmp.ts';

const XMP_UUID = 'be7acfcb97a942e89c71999491e3afac';
const C2PA_UUID = 'd8fec3d61b0e483c92975828877ec481';

export function xmpBox(packet: string): Buffer {
  const body = Buffer.from(packet, 'utf8');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + 16 + body.length, 0);
  head.write('uuid', 4, 'latin1');
  return Buffer.concat([head, Buffer.from(XMP_UUID, 'hex'), body]);
}

export async function planMp4(file: FileHandle, size: number, source: MarkingSource): Promise<Plan> {
  let pos = 0;
  while (pos + 8 <= size) {
    const h = await readAt(file, pos, 16);
    let length = h.readUInt32BE(0);
    const type = h.toString('latin1', 4, 8);
    let header = 8;
    if (length === 1) {
      length = Number(h.readBigUInt64BE(8));
      header = 16;
    } else if (length === 0) {
      return { action: 'none', reason: 'the last MP4 box runs to the end of the file, so nothing can be appended; left as it came' };
    }
    if (length < header) return { action: 'none', reason: 'not a readable MP4 (bad box size); left as it came' };
    if (type === 'uuid') {
      const id = (await readAt(file, pos + header, 16)).toString('hex');
      if (id === C2PA_UUID) return { action: 'kept', reason: 'the file carries a C2PA manifest (uuid box); left byte for byte' };
      if (id === XMP_UUID && length < 1024 * 1024 && hasSourceType((await readAt(file, pos + header + 16, length - header - 16)).toString('utf8'))) {
        return { action: 'kept', reason: 'the provider already marked the file (XMP states a digital source type); left byte for byte' };
      }
    }
    pos += length;
  }
  if (pos !== size) return { action: 'none', reason: 'not a readable MP4 (boxes do not end at the end of the file); left as it came' };
  return { action: 'add', method: 'xmp-mp4-uuid', reason: 'XMP with IPTC DigitalSourceType trainedAlgorithmicMedia appended in a uuid box; samples untouched', edits: [{ at: size, insert: xmpBox(xmpPacket(source)) }] };
}
