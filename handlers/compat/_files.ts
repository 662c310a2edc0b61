// The files and batch protocols' shared pieces: a file record as the public protocol shows it.
import type { FileRow } from '../../db/gateway/insertFile.ts';
import { ApiError } from '../../protocols/errors.ts';

export function toFileObject(row: FileRow): Record<string, unknown> {
  return {
    id: row.id,
    object: 'file',
    bytes: row.bytes,
    created_at: Math.floor(row.created_at.getTime() / 1000),
    expires_at: null,
    filename: row.filename,
    purpose: row.purpose,
    status: 'processed',
    status_details: null,
  };
}

export function fileNotFound(id: string): ApiError {
  return new ApiError('not_found', `No file with id '${id}'.`, { code: 'file_not_found', param: 'file_id' });
}

export function batchNotFound(id: string): ApiError {
  return new ApiError('not_found', `No batch with id '${id}'.`, { code: 'batch_not_found', param: 'batch_id' });
}
