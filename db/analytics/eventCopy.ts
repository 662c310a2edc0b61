import type { NewEvent } from './eventRow.ts';

// Live batches reach analytics_events through COPY in PostgreSQL's binary format:
// PostgreSQL then reads uuids, timestamps and numbers as they are stored (no text to
// parse) and inserts the rows in bulk, a page at a time, instead of one row per
// executor call out of unnested array literals.

/** analytics_events' columns in the order encodeEvents writes each row. */
export const COPY_COLUMNS = [
  'project_id', 'id', 'created_at', 'session_id', 'event_type', 'event_name', 'props', 'path', 'referrer_path',
  'target_path', 'country', 'region', 'region_code', 'city', 'asn', 'as_organization', 'browser', 'os', 'device_type',
  'is_bot', 'bot_name', 'is_vpn', 'locale', 'traffic_source', 'utm_source', 'utm_medium', 'utm_campaign', 'user_agent',
  'is_internal', 'utm_term', 'utm_content', 'revenue_amount', 'revenue_currency',
] as const;

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
// PostgreSQL's epoch (2000-01-01) in Unix milliseconds.
const PG_EPOCH_MS = 946_684_800_000;

/** A value no row of analytics_events can hold: the row is refused, as PostgreSQL would refuse it. */
export class UnstorableValue extends Error {
  readonly code = 'unstorable_value';
}

const clean = (v: string) => (v.includes('\u0000') || !v.isWellFormed() ? v.replace(/\u0000/g, '').toWellFormed() : v);

/** JSON escapes NUL and lone surrogates as \u0000 / \ud800, which jsonb refuses: drop or replace them first. */
export function cleanProps(props: NonNullable<NewEvent['props']>): NewEvent['props'] {
  let dirty = false;
  for (const k in props) {
    const v = props[k];
    if (clean(k) !== k || (typeof v === 'string' && clean(v) !== v)) dirty = true;
  }
  if (!dirty) return props;
  const out: NonNullable<NewEvent['props']> = {};
  for (const k in props) {
    const v = props[k]!;
    out[clean(k)] = typeof v === 'string' ? clean(v) : v;
  }
  return out;
}

const HEX = new Int8Array(128).fill(-1);
for (let i = 0; i < 10; i++) HEX[48 + i] = i;
for (let i = 0; i < 6; i++) {
  HEX[65 + i] = 10 + i;
  HEX[97 + i] = 10 + i;
}

/** Appends rows to one growing buffer; each field is its length (-1: NULL) then its bytes. */
class Writer {
  buf: Buffer;
  at = 0;
  constructor(size: number) {
    this.buf = Buffer.allocUnsafe(size);
  }

  private room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(bigger, 0, 0, this.at);
    this.buf = bigger;
  }

  int16(v: number): void {
    this.room(2);
    this.at = this.buf.writeInt16BE(v, this.at);
  }

  int32(v: number): void {
    this.room(4);
    this.at = this.buf.writeInt32BE(v, this.at);
  }

  null(): void {
    this.int32(-1);
  }

  /**
   * UTF-8 text. PostgreSQL text cannot hold U+0000, so it is dropped (rather than
   * failing the batch); a lone surrogate becomes U+FFFD on the way to UTF-8.
   */
  text(v: string | null | undefined): void {
    if (v === null || v === undefined) return this.null();
    // Most values are short and ASCII: copied here byte by byte, which costs less than a
    // call into the encoder; anything else (or a NUL) takes the general way below.
    if (v.length <= 64) {
      this.room(4 + v.length);
      const buf = this.buf;
      const start = this.at + 4;
      let i = 0;
      for (; i < v.length; i++) {
        const c = v.charCodeAt(i);
        if (c === 0 || c > 0x7f) break;
        buf[start + i] = c;
      }
      if (i === v.length) {
        buf.writeInt32BE(i, this.at);
        this.at = start + i;
        return;
      }
    }
    const s = v.includes('\u0000') ? v.replace(/\u0000/g, '') : v;
    this.room(4 + s.length * 3);
    const n = this.buf.write(s, this.at + 4, 'utf8');
    this.buf.writeInt32BE(n, this.at);
    this.at += 4 + n;
  }

  /** jsonb's binary form: a version byte, then the JSON text. */
  jsonb(v: string): void {
    this.room(5 + v.length * 3);
    this.buf[this.at + 4] = 1;
    const n = this.buf.write(v, this.at + 5, 'utf8');
    this.buf.writeInt32BE(n + 1, this.at);
    this.at += 5 + n;
  }

  /**
   * A uuid, or the same bytes as its last occurrence when it repeats `memo`'s (a batch
   * is mostly one project, and a session's events lie next to each other).
   */
  uuid(v: string, memo?: { value: string; at: number }): void {
    if (memo !== undefined) {
      if (memo.value === v && memo.at >= 0) {
        this.room(20);
        const buf = this.buf;
        for (let i = 0; i < 20; i++) buf[this.at + i] = buf[memo.at + i]!;
        this.at += 20;
        return;
      }
      memo.value = v;
      memo.at = this.at;
    }
    if (v.length !== 36 || v[8] !== '-' || v[13] !== '-' || v[18] !== '-' || v[23] !== '-') throw new UnstorableValue(`not a uuid: ${v.slice(0, 40)}`);
    this.room(20);
    this.buf.writeInt32BE(16, this.at);
    let o = this.at + 4;
    for (let i = 0; i < 36; ) {
      if (i === 8 || i === 13 || i === 18 || i === 23) {
        i++;
        continue;
      }
      const hi = HEX[v.charCodeAt(i)] ?? -1;
      const lo = HEX[v.charCodeAt(i + 1)] ?? -1;
      if (hi < 0 || lo < 0) throw new UnstorableValue(`not a uuid: ${v.slice(0, 40)}`);
      this.buf[o++] = (hi << 4) | lo;
      i += 2;
    }
    this.at += 20;
  }

  // A batch's events share their timestamps several to a millisecond: each is parsed once.
  private lastIso = '';
  private lastMs = 0;

  /** Microseconds since 2000-01-01 UTC, as two 32-bit halves (exact: far below 2^53). */
  timestamp(iso: string): void {
    if (iso !== this.lastIso) {
      const ms = Date.parse(iso);
      if (!Number.isFinite(ms)) throw new UnstorableValue(`not a timestamp: ${iso.slice(0, 40)}`);
      this.lastIso = iso;
      this.lastMs = ms;
    }
    const us = (this.lastMs - PG_EPOCH_MS) * 1000;
    const high = Math.floor(us / 4294967296);
    this.room(12);
    this.at = this.buf.writeInt32BE(8, this.at);
    this.at = this.buf.writeInt32BE(high, this.at);
    this.at = this.buf.writeUInt32BE(us - high * 4294967296, this.at);
  }

  bool(v: boolean): void {
    this.room(5);
    this.at = this.buf.writeInt32BE(1, this.at);
    this.buf[this.at++] = v ? 1 : 0;
  }

  int4(v: number | null): void {
    if (v === null || !Number.isInteger(v)) return this.null();
    if (v < -2147483648 || v > 2147483647) throw new UnstorableValue(`integer out of range: ${v}`);
    this.room(8);
    this.at = this.buf.writeInt32BE(4, this.at);
    this.at = this.buf.writeInt32BE(v, this.at);
  }

  /**
   * numeric in base-10000 digit groups, from the number's shortest decimal form (what
   * the text of it says) rounded half away from zero to the column's 6 decimals:
   * exactly the value PostgreSQL stores when given that text.
   */
  numeric6(v: number | null): void {
    if (v === null || !Number.isFinite(v)) return this.null();
    const [whole, fraction] = decimal6(Math.abs(v));
    if (whole.length > 14) throw new UnstorableValue(`numeric field overflow: ${v}`);
    // Integer part padded on the left, fraction on the right, to whole groups of 4.
    const intDigits = whole === '0' ? '' : whole.padStart(Math.ceil(whole.length / 4) * 4, '0');
    const digits = `${intDigits}${fraction}00`;
    const groups: number[] = [];
    for (let i = 0; i < digits.length; i += 4) groups.push(Number(digits.slice(i, i + 4)));
    let weight = intDigits.length / 4 - 1;
    let first = 0;
    while (first < groups.length && groups[first] === 0) {
      first++;
      weight--;
    }
    let last = groups.length;
    while (last > first && groups[last - 1] === 0) last--;
    const kept = groups.slice(first, last);
    if (kept.length === 0) weight = 0;
    this.room(12 + kept.length * 2);
    this.at = this.buf.writeInt32BE(8 + kept.length * 2, this.at);
    this.at = this.buf.writeInt16BE(kept.length, this.at);
    this.at = this.buf.writeInt16BE(weight, this.at);
    this.at = this.buf.writeUInt16BE(v < 0 && kept.length > 0 ? 0x4000 : 0, this.at);
    this.at = this.buf.writeInt16BE(6, this.at);
    for (const g of kept) this.at = this.buf.writeInt16BE(g, this.at);
  }
}

/** A non-negative finite number as [integer digits without leading zeros ('0' for none), exactly 6 decimals]. */
function decimal6(v: number): [string, string] {
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(v));
  if (!m) throw new UnstorableValue(`not a number: ${v}`);
  const mantissa = m[1]! + (m[2] ?? '');
  // Position of the decimal point within the mantissa's digits.
  const point = m[1]!.length + Number(m[3] ?? 0);
  const padded = point <= 0 ? '0'.repeat(1 - point) + mantissa : mantissa.padEnd(point, '0');
  const at = Math.max(point, 1);
  let whole = padded.slice(0, at);
  let fraction = padded.slice(at);
  const roundUp = fraction.length > 6 && fraction.charCodeAt(6) >= 53; // '5'
  fraction = fraction.slice(0, 6).padEnd(6, '0');
  if (roundUp) {
    // Add one in the sixth decimal, carrying through the digits.
    const all = (whole + fraction).split('');
    let i = all.length - 1;
    while (i >= 0 && all[i] === '9') all[i--] = '0';
    if (i >= 0) all[i] = String(Number(all[i]) + 1);
    else all.unshift('1');
    whole = all.slice(0, all.length - 6).join('');
    fraction = all.slice(all.length - 6).join('');
  }
  whole = whole.replace(/^0+(?=\d)/, '');
  return [whole, fraction];
}

/** The rows of a COPY ... FROM STDIN (FORMAT binary) into analytics_events (COPY_COLUMNS), header and trailer included. */
export function encodeEvents(events: readonly NewEvent[]): Buffer {
  const w = new Writer(64 + events.length * 700);
  w.buf.set(SIGNATURE, 0);
  w.at = SIGNATURE.length;
  w.int32(0);
  w.int32(0);
  const project = { value: '', at: -1 };
  const session = { value: '', at: -1 };
  for (const e of events) {
    w.int16(COPY_COLUMNS.length);
    w.uuid(e.projectId, project);
    w.uuid(e.id);
    w.timestamp(e.createdAt);
    w.uuid(e.sessionId, session);
    w.text(e.eventType);
    w.text(e.eventName);
    if (e.props) w.jsonb(JSON.stringify(cleanProps(e.props)));
    else w.null();
    w.text(e.path);
    w.text(e.referrerPath);
    w.text(e.targetPath);
    w.text(e.country);
    w.text(e.region);
    w.text(e.regionCode);
    w.text(e.city);
    w.int4(e.asn);
    w.text(e.asOrganization);
    w.text(e.browser);
    w.text(e.os);
    w.text(e.deviceType);
    w.bool(e.isBot);
    w.text(e.botName);
    w.bool(e.isVpn);
    w.text(e.locale);
    w.text(e.trafficSource);
    w.text(e.utmSource);
    w.text(e.utmMedium);
    w.text(e.utmCampaign);
    w.text(e.userAgent);
    w.bool(e.isInternal);
    w.text(e.utmTerm);
    w.text(e.utmContent);
    w.numeric6(e.revenueAmount);
    w.text(e.revenueCurrency);
  }
  w.int16(-1);
  return w.buf.subarray(0, w.at);
}
