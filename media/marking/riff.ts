// WAV: XMP goes in a _PMX chunk (XMP specification part 3), inserted before
// the data chunk so that a stream whose sizes are placeholders (0 or
// 0xFFFFFFFF, as streaming encoders write them) still ends with its samples.
// C2PA manifests live in a C2PA chunk. The samples are never touched.
import type { FileHandle } from 'node:fs/promises';
import { readAt } from './file.ts';
import type { Plan } from './plan.ts';
import { addSourceType, hasSourceType, xmpPacket, type MarkingSource } from './xmp.ts';

const TEXT_LIMIT = 1024 * 1024;

function riffChunk(id: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

export async function planWav(file: FileHandle, size: number, source: MarkingSource): Promise<Plan> {
  const head = await readAt(file, 0, 12);
  const riffSize = head.readUInt32LE(4);
  let pos = 12;
  let dataAt: number | undefined;
  let pmx: { at: number; length: number; text: string } | undefined;
  while (pos + 8 <= size) {
    const h = await readAt(file, pos, 8);
    const id = h.toString('latin1', 0, 4);
    const length = h.readUInt32LE(4);
    const total = 8 + length + (length % 2);
    if (/^c2pa$/i.test(id)) return { action: 'kept', reason: 'the file carries a C2PA manifest (C2PA chunk); left byte for byte' };
    if ((id === '_PMX' || id === 'LIST' || id === 'iXML') && length <= TEXT_LIMIT) {
      const text = (await readAt(file, pos + 8, length)).toString('utf8');
      if (hasSourceType(text)) return { action: 'kept', reason: `the provider already marked the file (${id} states a digital source type); left byte for byte` };
      if (id === '_PMX') pmx = { at: pos, length: total, text };
    }
    if (id === 'data') {
      dataAt ??= pos;
      // A streamed WAV's data size is a placeholder: nothing after it can be found.
      if (length === 0 || length === 0xffffffff || pos + total > size) break;
    }
    pos += total;
  }
  if (dataAt === undefined) return { action: 'none', reason: 'not a readable WAV (no data chunk); left as it came' };
  let edits;
  if (pmx) {
    const updated = addSourceType(pmx.text.replace(/\0+$/, ''), source);
    if (!updated) return { action: 'none', reason: 'the WAV has an XMP packet the gateway cannot extend; left as it came' };
    const chunk = riffChunk('_PMX', Buffer.from(updated, 'utf8'));
    edits = [{ at: pmx.at, remove: pmx.length, insert: chunk }];
  } else {
    edits = [{ at: dataAt, insert: riffChunk('_PMX', Buffer.from(xmpPacket(source), 'utf8')) }];
  }
  const grow = edits[0]!.insert.length - (edits[0]!.remove ?? 0);
  if (riffSize !== 0 && riffSize !== 0xffffffff) {
    const sizeField = Buffer.alloc(4);
    sizeField.writeUInt32LE(Math.min(0xffffffff, riffSize + grow), 0);
    edits.push({ at: 4, remove: 4, insert: sizeField });
  }
  return { action: 'add', method: 'xmp-riff-pmx', reason: 'XMP with IPTC DigitalSourceType trainedAlgorithmicMedia added in a RIFF _PMX chunk; samples untouched', edits };
}
