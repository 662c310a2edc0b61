/**
 * A dictionary's codes by the UTF-8 bytes of their values, for the segment load: a value
 * seen before is found from the bytes PostgreSQL sent (hashed and compared in place),
 * with no string made for it; a new one is decoded once and coded by `code`. Codes never
 * change once given (dicts.ts), so one table serves every load of the process; it holds
 * each distinct value's bytes once, as the dictionary holds its string.
 */
export class ByteCodes {
  private slots = new Int32Array(1024).fill(-1);
  private hashes = new Uint32Array(256);
  private offsets = new Uint32Array(256);
  private lengths = new Uint32Array(256);
  private codes = new Uint32Array(256);
  private bytes = Buffer.alloc(4096);
  private used = 0;
  private n = 0;
  private readonly code: (value: string) => number;
  constructor(code: (value: string) => number) {
    this.code = code;
  }

  /** The code of the value in buf[at, at + len). */
  of(buf: Uint8Array, at: number, len: number): number {
    let h = 0x811c9dc5;
    for (let i = at; i < at + len; i++) h = Math.imul(h ^ buf[i]!, 0x01000193);
    h >>>= 0;
    const mask = this.slots.length - 1;
    let slot = h & mask;
    for (;;) {
      const e = this.slots[slot]!;
      if (e < 0) break;
      if (this.hashes[e] === h && this.lengths[e] === len && this.same(e, buf, at, len)) return this.codes[e]!;
      slot = (slot + 1) & mask;
    }
    const code = this.code((buf as Buffer).toString('utf8', at, at + len));
    this.add(h, slot, buf, at, len, code);
    return code;
  }

  private same(e: number, buf: Uint8Array, at: number, len: number): boolean {
    const b = this.bytes;
    const o = this.offsets[e]!;
    for (let i = 0; i < len; i++) if (b[o + i] !== buf[at + i]) return false;
    return true;
  }

  private add(h: number, slot: number, buf: Uint8Array, at: number, len: number, code: number): void {
    const e = this.n++;
    if (e === this.hashes.length) {
      for (const k of ['hashes', 'offsets', 'lengths', 'codes'] as const) {
        const bigger = new Uint32Array(e * 2);
        bigger.set(this[k]);
        this[k] = bigger;
      }
    }
    if (this.used + len > this.bytes.length) {
      const bigger = Buffer.alloc(Math.max(this.bytes.length * 2, this.used + len));
      this.bytes.copy(bigger, 0, 0, this.used);
      this.bytes = bigger;
    }
    buf instanceof Buffer ? buf.copy(this.bytes, this.used, at, at + len) : this.bytes.set(buf.subarray(at, at + len), this.used);
    this.hashes[e] = h;
    this.offsets[e] = this.used;
    this.lengths[e] = len;
    this.codes[e] = code;
    this.used += len;
    this.slots[slot] = e;
    // Kept under half full, so a probe ends soon.
    if (this.n * 2 > this.slots.length) {
      const slots = new Int32Array(this.slots.length * 2).fill(-1);
      const mask = slots.length - 1;
      for (let k = 0; k < this.n; k++) {
        let s = this.hashes[k]! & mask;
        while (slots[s]! >= 0) s = (s + 1) & mask;
        slots[s] = k;
      }
      this.slots = slots;
    }
  }
}
