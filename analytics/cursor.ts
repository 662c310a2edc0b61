import { ApiError } from '../protocols/errors.ts';

/**
 * Opaque page cursors (export, sessions): a JSON array in base64url. Opaque to the
 * caller, so the position it holds can change shape without a contract change.
 */
export function encodeCursor(position: unknown[]): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** The position a cursor holds, if `valid` accepts it; anything else is 400. */
export function decodeCursor<T>(cursor: string, valid: (position: unknown[]) => T | null): T {
  try {
    const position: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const ok = Array.isArray(position) ? valid(position) : null;
    if (ok !== null) return ok;
  } catch {
    // fall through
  }
  throw new ApiError('invalid_request', 'cursor is not a cursor this service issued', { code: 'bad_request', param: 'cursor' });
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
