// The service logger. Lines go to stdout through sonic-boom's asynchronous
// buffer: a synchronous write(2) per access-log line cost ~0.5 ms of event-loop
// time per request under load, and lines that pile up during a write go out
// together in the next one. The price is that buffered lines must be flushed
// before the process exits (flushLog).
import pino, { type Logger, type LoggerOptions } from 'pino';

// Lines are held until this many bytes are buffered (about 30 access-log lines)
// or FLUSH_EVERY_MS has passed: on this VM each write(2) costs ~0.3 ms whatever its size.
const MIN_WRITE_BYTES = 4096;
const FLUSH_EVERY_MS = 200;

export function createLogger(opts: LoggerOptions): Logger {
  const destination = pino.destination({ dest: 1, sync: false, minLength: MIN_WRITE_BYTES });
  setInterval(() => destination.flush(), FLUSH_EVERY_MS).unref();
  return pino(opts, destination);
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
