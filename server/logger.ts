// The service logger: one JSON object per line (ISO times) for log collectors,
// or readable lines when a person watches a terminal (LOG_FORMAT, by default
// decided by whether stdout is a TTY).
//
// JSON lines go to stdout through sonic-boom's asynchronous buffer: a
// synchronous write(2) per access-log line cost ~0.5 ms of event-loop time per
// request under load, and lines that pile up during a write go out together in
// the next one. The price is that buffered lines must be flushed before the
// process exits (flushLog). Readable lines are written synchronously: a
// terminal is read by a person, not measured.
import pino, { type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import type { LogFormat } from './config.ts';
import { withoutSecrets } from '../protocols/secrets.ts';

// Lines are held until this many bytes are buffered (about 85 access-log lines)
// or FLUSH_EVERY_MS has passed: on this VM each write(2) costs ~0.3 ms whatever
// its size, and each hand-over to libuv's thread pool showed in the /v1 profile
// (~1% of a call's CPU with 4 KB batches). sonic-boom takes a minLength below
// its maxWrite (16 KB) only.
const MIN_WRITE_BYTES = 12_288;
const FLUSH_EVERY_MS = 200;

export interface LogOptions extends LoggerOptions {
  format?: LogFormat;
}

export function createLogger({ format = 'json', ...options }: LogOptions): Logger {
  // Every line pino writes is cut of the secrets sent upstream (a provider's words quoted in an error, say).
  const opts: LoggerOptions = { ...options, hooks: { ...options.hooks, streamWrite: withoutSecrets } };
  if (format === 'pretty') {
    const stream = pretty({
      destination: 1,
      sync: true,
      // Colours only where the terminal takes them (NO_COLOR, FORCE_COLOR=0 and pipes turn them off).
      colorize: process.stdout.isTTY === true && !process.env.NO_COLOR && process.env.FORCE_COLOR !== '0',
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
      singleLine: true,
    });
    return pino(opts, stream);
  }
  const destination = holdLines(pino.destination({ dest: 1, sync: false, minLength: MIN_WRITE_BYTES }));
  setInterval(() => destination.flush(), FLUSH_EVERY_MS).unref();
  const log = pino({ timestamp: isoTime, ...opts }, destination);
  jsonDestinations.set(log, destination);
  return log;
}

const jsonDestinations = new WeakMap<Logger, { write(line: string): boolean }>();

/**
 * For the access log, one line per request: writes the line `log.info(fields,
 * msg)` writes (level, time, the logger's bindings, the fields, msg), with the
 * fields given as JSON text the caller built, straight to the JSON
 * destination. pino's general path (its level method, the object's keys
 * walked and each value serialised, the message) was ~3.5 µs of every call
 * even in a hot loop. undefined for a logger that is not a JSON logger of
 * createLogger's (the readable format, a test's logger): use pino there.
 * Redaction does not apply: give it no field that needs redacting.
 */
export function infoLineWriter(log: Logger): ((fields: string, msg: string) => void) | undefined {
  const destination = jsonDestinations.get(log);
  if (!destination) return undefined;
  const bindings = pino.symbols.chindingsSym;
  const level = log.levels.values.info;
  // The message is a constant of the caller's: its JSON is made once, not per line.
  let lastMsg: string | undefined;
  let lastMsgJson = '';
  return (fields, msg) => {
    if (msg !== lastMsg) lastMsgJson = JSON.stringify((lastMsg = msg));
    destination.write(`{"level":${level}${isoTime()}${(log as unknown as Record<symbol, string>)[bindings]},${fields},"msg":${lastMsgJson}}\n`);
  };
}

/**
 * pino's isoTime, with the date and time formatted once per second and only
 * the milliseconds per line: a Date formatted for every access-log line was
 * ~1.5 µs of each /v1 call in the profile.
 */
let secondAt = -1;
// ',"time":"YYYY-MM-DDTHH:MM:SS.', the part of the ISO form that is the same all second.
let secondText = '';
export function isoTime(): string {
  const now = Date.now();
  const ms = now % 1000;
  if (now - ms !== secondAt) {
    secondAt = now - ms;
    secondText = `,"time":"${new Date(secondAt).toISOString().slice(0, 20)}`;
  }
  return `${secondText}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z"`;
}

type Destination = ReturnType<typeof pino.destination>;

/**
 * Holds lines in an array and hands them to sonic-boom joined, once
 * MIN_WRITE_BYTES have gathered or on a flush, so sonic-boom (same
 * minLength) writes each batch at once. Given lines one by one, it appends
 * each to one growing string and measures that string's byte length on every
 * line: ~1% of a /v1 request's CPU (perf, bursts of 10). flush and flushSync
 * (what pino calls at exit) hand the held lines over too.
 */
function holdLines(destination: Destination): Destination {
  const write = destination.write.bind(destination);
  const flush = destination.flush.bind(destination);
  const flushSync = destination.flushSync.bind(destination);
  let held: string[] = [];
  let bytes = 0;
  const release = () => {
    if (!held.length) return;
    const text = held.length === 1 ? held[0]! : held.join('');
    held = [];
    bytes = 0;
    write(text);
  };
  destination.write = (line: string) => {
    held.push(line);
    // Counted in UTF-16 units, never more than the line's bytes: a batch released at
    // MIN_WRITE_BYTES of them holds at least that many bytes, so sonic-boom (same
    // minLength) still writes it at once. Measuring each line's UTF-8 length flattened
    // the line (a template's rope) only to measure it: ~1% of a /v1 call's instructions.
    bytes += line.length;
    if (bytes >= MIN_WRITE_BYTES) release();
    return true;
  };
  destination.flush = (cb?: (err?: Error) => unknown) => {
    // sonic-boom's flush of an empty buffer still writes an empty string through libuv's
    // thread pool: five wake-ups a second of an idle service, for nothing.
    if (!cb && !held.length && (destination as unknown as { _len: number })._len === 0) return;
    release();
    flush(cb as never);
  };
  // At exit: what sonic-boom holds first, so that the held lines (under
  // minLength) stay in its buffer for the synchronous write instead of
  // starting an asynchronous one the exit would cut off.
  destination.flushSync = () => {
    flushSync();
    release();
    flushSync();
  };
  return destination;
}

/** Resolves once every line logged so far is written (at most `timeoutMs` later). */
export function flushLog(log: Logger, timeoutMs = 2_000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    try {
      log.flush(() => {
        clearTimeout(timer);
        resolve();
      });
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}
