// Reads a JSON answer whose base64 strings are media (OpenAI `b64_json`,
// Gemini `inlineData.data`, Vertex Veo `bytesBase64Encoded`) without holding
// them: the named string values are decoded as they stream in and written to
// storage, and the rest of the document (small) is parsed as usual, with
// `{ "$blob": n }` where each diverted string stood. Memory stays at one
// network chunk whatever the size of the media.
//
// The scanner only needs to know where strings start and end and which key a
// value belongs to: every structural character is ASCII, and UTF-8 never
// uses ASCII bytes inside a multi-byte character.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const MAX_TEXT_BYTES = 8 * 1024 * 1024;
const MAX_KEY_BYTES = 256;

export interface BlobSink {
  write(chunk: Buffer): Promise<void>;
}

export interface BlobRef {
  $blob: number;
}

export function isBlobRef(value: unknown): value is BlobRef {
  return typeof value === 'object' && value !== null && typeof (value as BlobRef).$blob === 'number';
}

type Action = { kind: 'text'; bytes: Buffer } | { kind: 'start'; key: string } | { kind: 'data'; base64: string } | { kind: 'end' };

class Scanner {
  private inString = false;
  private escape = false;
  private unicode = ''; // pending \uXXXX digits inside a blob
  private unicodeLeft = 0;
  private diverting = false;
  private lastSignificant = 0;
  private pendingKey: string | undefined;
  private stringBytes: Buffer[] = [];
  private stringLength = 0;
  private readonly keys: Set<string>;

  constructor(keys: Set<string>) {
    this.keys = keys;
  }

  scan(chunk: Buffer): Action[] {
    const actions: Action[] = [];
    let textFrom = 0; // start of the chunk's bytes still to emit as text
    let blobFrom = -1;
    let blob = '';
    const flushBlob = (to: number) => {
      if (blobFrom >= 0 && to > blobFrom) blob += chunk.toString('latin1', blobFrom, to);
      blobFrom = -1;
    };
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (this.diverting) {
        if (this.unicodeLeft) {
          this.unicode += String.fromCharCode(c);
          if (--this.unicodeLeft === 0) blob += String.fromCharCode(parseInt(this.unicode, 16));
          continue;
        }
        if (this.escape) {
          this.escape = false;
          if (c === 0x75) {
            this.unicode = '';
            this.unicodeLeft = 4;
          } else if (c === 0x2f || c === 0x2b || c === 0x3d) blob += String.fromCharCode(c);
          // \n, \r, \t inside base64 are line breaks: skipped.
          blobFrom = i + 1;
          continue;
        }
        if (c === BACKSLASH) {
          flushBlob(i);
          this.escape = true;
          continue;
        }
        if (c === QUOTE) {
          flushBlob(i);
          if (blob) actions.push({ kind: 'data', base64: blob });
          blob = '';
          actions.push({ kind: 'end' });
          this.diverting = false;
          this.inString = false;
          this.lastSignificant = QUOTE;
          textFrom = i + 1;
          continue;
        }
        if (blobFrom < 0) blobFrom = i;
        continue;
      }
      if (this.inString) {
        if (this.escape) this.escape = false;
        else if (c === BACKSLASH) this.escape = true;
        else if (c === QUOTE) {
          this.inString = false;
          this.lastSignificant = QUOTE;
        }
        if (this.stringLength <= MAX_KEY_BYTES) {
          this.stringBytes.push(chunk.subarray(i, i + 1));
          this.stringLength++;
        }
        continue;
      }
      if (c === QUOTE) {
        if (this.lastSignificant === COLON && this.pendingKey !== undefined && this.keys.has(this.pendingKey)) {
          if (i > textFrom) actions.push({ kind: 'text', bytes: Buffer.from(chunk.subarray(textFrom, i)) });
          actions.push({ kind: 'start', key: this.pendingKey });
          this.pendingKey = undefined;
          this.diverting = true;
          this.inString = true;
          blobFrom = i + 1;
          continue;
        }
        this.inString = true;
        this.stringBytes = [];
        this.stringLength = 0;
        continue;
      }
      if (c === COLON) {
        // The string just closed was a key.
        const raw = Buffer.concat(this.stringBytes).toString('utf8');
        this.pendingKey = raw.endsWith('"') ? safeParse(`"${raw}`) : undefined;
        this.lastSignificant = COLON;
        continue;
      }
      if (c > 0x20) {
        this.lastSignificant = c;
        if (c !== COLON) this.pendingKey = c === 0x2c || c === 0x7b ? undefined : this.pendingKey;
      }
    }
    if (this.diverting) {
      flushBlob(chunk.length);
      if (blob) actions.push({ kind: 'data', base64: blob });
    } else if (textFrom < chunk.length) actions.push({ kind: 'text', bytes: Buffer.from(chunk.subarray(textFrom)) });
    return actions;
  }

  get open(): boolean {
    return this.diverting;
  }
}

function safeParse(text: string): string | undefined {
  try {
    return JSON.parse(text) as string;
  } catch {
    return undefined;
  }
}

/** Decodes base64 as it arrives, in whole 4-character groups. */
class Base64Decoder {
  private carry = '';
  push(text: string): Buffer {
    const all = this.carry + text.replace(/[^A-Za-z0-9+/_-]/g, '');
    const whole = all.length - (all.length % 4);
    this.carry = all.slice(whole);
    return Buffer.from(all.slice(0, whole), 'base64');
  }
  end(): Buffer {
    const rest = this.carry;
    this.carry = '';
    return rest ? Buffer.from(rest, 'base64') : Buffer.alloc(0);
  }
}

/**
 * Parses a JSON body, sending the string values of `keys` to sinks opened
 * per value (in document order, numbered from 0) as decoded bytes.
 * Returns the document with `{ $blob: n }` in their place.
 */
export async function parseJsonWithBlobs<T = any>(
  body: AsyncIterable<Buffer>,
  keys: string[],
  open: (index: number, key: string) => Promise<BlobSink>,
): Promise<T> {
  const scanner = new Scanner(new Set(keys));
  const text: Buffer[] = [];
  let textBytes = 0;
  let sink: BlobSink | undefined;
  let decoder: Base64Decoder | undefined;
  let count = 0;
  for await (const chunk of body) {
    for (const action of scanner.scan(chunk)) {
      switch (action.kind) {
        case 'text':
          textBytes += action.bytes.length;
          if (textBytes > MAX_TEXT_BYTES) throw new Error(`the JSON outside its media fields exceeds ${MAX_TEXT_BYTES} bytes`);
          text.push(action.bytes);
          break;
        case 'start':
          text.push(Buffer.from(`{"$blob":${count}}`));
          sink = await open(count++, action.key);
          decoder = new Base64Decoder();
          break;
        case 'data': {
          const bytes = decoder!.push(action.base64);
          if (bytes.length) await sink!.write(bytes);
          break;
        }
        case 'end': {
          const rest = decoder!.end();
          if (rest.length) await sink!.write(rest);
          sink = undefined;
          decoder = undefined;
          break;
        }
      }
    }
  }
  if (scanner.open) throw new Error('the JSON body ended inside a media string');
  return JSON.parse(Buffer.concat(text).toString('utf8')) as T;
}
