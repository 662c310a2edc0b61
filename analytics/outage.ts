import { ApiError } from '../protocols/errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

/** The database is not reachable or not accepting work right now (db/unavailable.ts), as opposed to a bad query or bad data. */
export const isDatabaseOutage = isDatabaseUnavailable;

export function outageError(): ApiError {
  return new ApiError('unavailable', 'The analytics database is unreachable right now; retry shortly.', {
    code: 'service_unavailable',
    headers: { 'Retry-After': '5' },
  });
}
