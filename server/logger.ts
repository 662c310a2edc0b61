// The service logger: one JSON object per line (ISO times) for log collectors,
// or readable lines when a person watches a terminal (LOG_FORMAT, by default
// decided by whether stdout is a TTY).
//
// JSON lines go to stdout through pino's asynchronous destination (sonic-boom):
// a synchronous write(2) per access-log line cost ~0.5 ms of event-loop time
// per request under load. Lines are buffered until MIN_WRITE_BYTES gather or
// FLUSH_EVERY_MS pass, and pino flushes what is buffered when the process
// exits; flushLog waits for it where the service stops on its own. Readable
// lines are written synchronously: a terminal is read by a person, not measured.
import pino, { type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import type { LogFormat } from './config.ts';
import { withoutSecrets } from '../protocols/secrets.ts';

// On this VM each write(2) costs ~0.3 ms whatever its size: batches of about
// 85 access-log lines. sonic-boom takes a minLength below its maxWrite (16 KB) only.
const MIN_WRITE_BYTES = 12_288;
const FLUSH_EVERY_MS = 200;

export interface LogOptions extends LoggerOptions {
  format?: LogFormat;
}

export function createLogger({ format = 'json', ...options }: LogOptions): Logger {
  // Every line pino writes is cut of the secrets sent upstream (a provider's words quoted in an error, say).
  const own = options.hooks?.streamWrite;
  const opts: LoggerOptions = { ...options, hooks: { ...options.hooks, streamWrite: own ? (line) => withoutSecrets(own(line)) : withoutSecrets } };
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
  // A flush is timed only once a line waits for it: an idle service is not
  // woken (a timer every FLUSH_EVERY_MS was 5 of its wake-ups a second), and
  // sonic-boom's flush of an empty buffer would still write an empty string
  // through libuv's thread pool.
  let flushTimer: NodeJS.Timeout | undefined;
  const flushSoon = () => {
    flushTimer = undefined;
    log.flush();
  };
  const streamWrite = opts.hooks?.streamWrite;
  const log = pino(
    {
      timestamp: pino.stdTimeFunctions.isoTime,
      ...opts,
      hooks: {
        ...opts.hooks,
        streamWrite: (line) => {
          flushTimer ??= setTimeout(flushSoon, FLUSH_EVERY_MS).unref();
          return streamWrite ? streamWrite(line) : line;
        },
      },
    },
    pino.destination({ dest: 1, sync: false, minLength: MIN_WRITE_BYTES }),
  );
  return log;
}

/**
 * Resolves once every line logged so far is written (at most `timeoutMs` later).
 * sonic-boom's flush writes what it holds only when no write is in progress,
 * else it just waits for that one: the second flush writes what piled up meanwhile.
 */
export function flushLog(log: Logger, timeoutMs = 2_000): Promise<void> {
  // The callback's error is fsync's, which a pipe or a terminal refuses (EINVAL) after the write.
  const flushed = () => new Promise<void>((resolve) => log.flush(() => resolve()));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
  const both = (async () => {
    await flushed();
    await flushed();
  })();
  return Promise.race([both.catch(() => {}), timeout]).finally(() => clearTimeout(timer));
}
