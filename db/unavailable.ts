// Whether an error means PostgreSQL could not be reached (down, restarting,
// refusing connections, the pool unable to get a connection), as opposed to a
// query that PostgreSQL answered with an error. The services answer the
// former with 503 database_unavailable on every surface: an outage must never
// read as a bad key or a bad request.

// Class 08 (connection exception), class 53 (insufficient resources: too many connections, disk full),
// 57P01-57P03 (admin/crash shutdown, cannot connect now).
const PG_CODES = /^(08...|53...|57P0[1-3])$/;
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
const MESSAGES = /Connection terminated|Client has encountered a connection error|connection is closed|Timeout acquiring a connection|the database system is (starting up|shutting down|in recovery)|terminating connection due to administrator command/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false;
    const { code, name, message } = e as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string' && (PG_CODES.test(code) || NODE_CODES.has(code))) return true;
    if (name === 'KnexTimeoutError') return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    // AggregateError (a connect to every address of localhost refused).
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length && errors.every((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
