// How long an audio file plays, from its container, where that is cheap to
// know without decoding: WAV exactly, constant-bitrate MP3 closely. Used to
// bill transcription by the hour of audio.

function wavSeconds(bytes: Uint8Array, total: number): number | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let byteRate = 0;
  for (let pos = 12; pos + 8 <= b.length; ) {
    const id = b.toString('latin1', pos, pos + 4);
    const size = b.readUInt32LE(pos + 4);
    if (id === 'fmt ' && pos + 20 <= b.length) byteRate = b.readUInt32LE(pos + 16);
    if (id === 'data') {
      const dataBytes = size === 0 || size === 0xffffffff ? total - pos - 8 : Math.min(size, total - pos - 8);
      return byteRate ? dataBytes / byteRate : undefined;
    }
    pos += 8 + size + (size % 2);
  }
  return undefined;
}

const MPEG1_L3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_L3_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];

function mp3Seconds(bytes: Uint8Array, total: number): number | undefined {
  let pos = 0;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    pos = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!);
  }
  for (; pos + 4 < bytes.length; pos++) {
    if (bytes[pos] !== 0xff || (bytes[pos + 1]! & 0xe0) !== 0xe0) continue;
    const mpeg1 = (bytes[pos + 1]! & 0x18) === 0x18;
    const kbps = (mpeg1 ? MPEG1_L3_KBPS : MPEG2_L3_KBPS)[bytes[pos + 2]! >> 4];
    if (!kbps) continue;
    return ((total - pos) * 8) / (kbps * 1000);
  }
  return undefined;
}

/** `bytes` may be the file's head only, with `total` its full size. */
export function audioSeconds(bytes: Uint8Array, mimeType: string, total = bytes.length): number | undefined {
  if (mimeType === 'audio/wav') return wavSeconds(bytes, total);
  if (mimeType === 'audio/mpeg') return mp3Seconds(bytes, total);
  return undefined;
}
