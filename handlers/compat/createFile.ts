// POST /v1/files: a batch input file (multipart), stored for its key.
import type { Handler } from '../types.ts';
import type { CreateFileData } from '../../generated/compat/types.gen.ts';
import { ApiError } from '../../protocols/errors.ts';
import { toApiError } from '../../core/errors.ts';
import { MAX_BATCH_FILE_BYTES, newFileId } from '../../core/batches.ts';
import { insertFile } from '../../db/gateway/insertFile.ts';
import { keyOf } from '../gatewayContext.ts';
import { readForm } from './_multipart.ts';
import { toFileObject } from './_files.ts';

const createFile: Handler<CreateFileData> = async (ctx) => {
  let form;
  try {
    form = await readForm(ctx, { fileBytes: MAX_BATCH_FILE_BYTES, totalBytes: MAX_BATCH_FILE_BYTES, files: 1 });
  } catch (err) {
    throw toApiError(err, 'openai');
  }
  const file = form.files.file?.[0];
  if (!file) throw new ApiError('invalid_request', 'file is required: the JSONL input, as a file part', { code: 'invalid_request', param: 'file' });
  if (form.body.purpose !== 'batch') {
    throw new ApiError('invalid_request', `purpose '${String(form.body.purpose).slice(0, 40)}' is not supported; files are batch inputs (purpose 'batch')`, { code: 'unsupported_purpose', param: 'purpose' });
  }
  if (!file.bytes.length) throw new ApiError('invalid_request', 'The file is empty.', { code: 'empty_file', param: 'file' });
  const row = await insertFile(ctx.state.deps.db, { id: newFileId(), keyId: keyOf(ctx).keyId, purpose: 'batch', filename: file.filename ?? 'upload.jsonl', content: file.bytes });
  ctx.body = toFileObject(row);
};

export default createFile;
