// multipart/form-data bodies of the /v1 media endpoints, as the openai client
// sends them: files and text fields read whole (every file is capped), shaped
// into the JSON object the operation's schema describes and validated
// against that schema, the one in openapi/compat.yaml. Bodies of other
// operations are validated before their handler runs; a multipart body stays
// on the socket until here (server/app.ts), so this is where its
// fields meet the contract.
import busboy from 'busboy';
import type { ValidateFunction } from 'ajv';
import { ApiError, type FieldError } from '../../protocols/errors.ts';
import type { ApiContext } from '../types.ts';

export interface FormFile {
  field: string;
  bytes: Buffer;
  /** The part's declared content type (clients often say application/octet-stream). */
  declared: string;
  /** The part's file name, as the client gave it. */
  filename?: string;
}

export interface Form {
  /** Text fields (and a placeholder per file, so the schema sees files present), validated and coerced. */
  body: Record<string, unknown>;
  files: Record<string, FormFile[]>;
}

export interface FormLimits {
  /** Largest single file. */
  fileBytes: number;
  /** All files together. */
  totalBytes: number;
  files: number;
}

const FIELD_BYTES = 1024 * 1024;
const FILE_PLACEHOLDER = '(file)';

type Json = Record<string, any>;

/** `image[]` and `image` are one field; `svg[model]` is key `model` of field `svg`. */
function nameOf(raw: string): { base: string; key?: string } {
  const m = /^([^[\]]+)(?:\[([^[\]]*)\])?$/.exec(raw);
  if (!m) return { base: raw };
  return m[2] ? { base: m[1]!, key: m[2] } : { base: m[1]! };
}

function isBinary(schema: Json | undefined): boolean {
  if (!schema) return false;
  return schema.format === 'binary' || (schema.type === 'array' && schema.items?.format === 'binary');
}

function isArray(schema: Json | undefined): boolean {
  return !!schema && (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array')));
}

function bodySchema(ctx: ApiContext): Json {
  const schema = (ctx.state.op.operation.requestBody as Json | undefined)?.content?.['multipart/form-data']?.schema as Json | undefined;
  if (!schema) throw new ApiError('internal', `${ctx.state.op.operation.operationId} documents no multipart body`, { code: 'internal_error' });
  return schema;
}

const validators = new WeakMap<object, ValidateFunction>();

function validatorOf(ctx: ApiContext, schema: Json): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    // The Ajv openapi-backend built for this spec (JSON Schema 2020-12, the spec's formats); text values coerced to the types the schema names.
    const ajv = (ctx.state.op.api.validator as unknown as { getAjv(context: string, opts: object): { compile(s: object): ValidateFunction } }).getAjv('requestBodyValidator', {
      coerceTypes: 'array',
    });
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

function fieldErrors(validate: ValidateFunction): FieldError[] {
  return (validate.errors ?? []).map((e) => {
    const where = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const missing = e.keyword === 'required' ? (e.params as { missingProperty?: string }).missingProperty : undefined;
    let message = e.keyword === 'required' ? 'is required' : (e.message ?? 'is invalid');
    if (e.keyword === 'enum') message += `: ${((e.params as { allowedValues?: unknown[] }).allowedValues ?? []).join(', ')}`;
    return { path: `body.${[where, missing].filter(Boolean).join('.') || '(root)'}`, message };
  });
}

function invalid(param: string, message: string): ApiError {
  return new ApiError('invalid_request', message, { param, code: 'invalid_request', fields: [{ path: `body.${param}`, message }] });
}

/** Reads the parts: text fields by name, files whole, every limit enforced while reading. */
function readParts(ctx: ApiContext, limits: FormLimits): Promise<{ texts: Array<[string, string]>; files: Array<{ name: string; file: FormFile }> }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: ctx.req.headers, limits: { fileSize: limits.fileBytes, files: limits.files, fieldSize: FIELD_BYTES, fields: 200, parts: 300 } });
    } catch (err) {
      return reject(new ApiError('invalid_request', `Malformed multipart body: ${(err as Error).message}`));
    }
    const texts: Array<[string, string]> = [];
    const files: Array<{ name: string; file: FormFile }> = [];
    let total = 0;
    let failed = false;
    let pending = 0;
    let closed = false;
    const fail = (err: ApiError) => {
      if (failed) return;
      failed = true;
      reject(err);
    };
    const settle = () => {
      if (closed && !pending && !failed) resolve({ texts, files });
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(new ApiError('payload_too_large', `${name} is longer than ${FIELD_BYTES} bytes`, { param: nameOf(name).base }));
      texts.push([name, value]);
    });
    parser.on('file', (name, stream, info) => {
      pending++;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > limits.totalBytes) {
          stream.resume();
          return fail(new ApiError('payload_too_large', `the files add up to more than ${limits.totalBytes} bytes`));
        }
        if (!failed) chunks.push(chunk);
      });
      stream.on('limit', () => fail(new ApiError('payload_too_large', `${nameOf(name).base}: a file is larger than ${limits.fileBytes} bytes`, { param: nameOf(name).base })));
      // A body that ends inside a file part fails the parser and this stream alike: unheard, the stream's error would take the process down.
      stream.on('error', (err) => fail(new ApiError('invalid_request', `Malformed multipart body: ${err.message}`)));
      stream.on('end', () => {
        pending--;
        files.push({ name, file: { field: nameOf(name).base, bytes: Buffer.concat(chunks), declared: info.mimeType, ...(info.filename ? { filename: info.filename } : {}) } });
        settle();
      });
    });
    parser.on('filesLimit', () => fail(new ApiError('invalid_request', `at most ${limits.files} files are accepted`)));
    parser.on('fieldsLimit', () => fail(new ApiError('invalid_request', 'too many fields')));
    parser.on('partsLimit', () => fail(new ApiError('invalid_request', 'too many parts')));
    parser.on('error', (err) => fail(new ApiError('invalid_request', `Malformed multipart body: ${(err as Error).message}`)));
    parser.on('close', () => {
      closed = true;
      settle();
    });
    ctx.req.on('aborted', () => fail(new ApiError('invalid_request', 'The client closed the connection', { code: 'client_closed' })));
    ctx.req.pipe(parser);
  });
}

/**
 * The form as the operation's schema describes it, validated; 415 when the
 * body is not multipart, 413 past a limit, 400 naming the field otherwise.
 */
export async function readForm(ctx: ApiContext, limits: FormLimits): Promise<Form> {
  if (!/^multipart\/form-data/i.test(ctx.get('content-type'))) {
    throw new ApiError('unsupported_media_type', 'Send multipart/form-data, as the openai client does', { code: 'unsupported_media_type' });
  }
  const declaredLength = Number(ctx.get('content-length') || 0);
  if (declaredLength > limits.totalBytes + limits.files * FIELD_BYTES) {
    ctx.set('connection', 'close');
    throw new ApiError('payload_too_large', `Request body exceeds ${limits.totalBytes} bytes of files`);
  }
  let parts: Awaited<ReturnType<typeof readParts>>;
  try {
    parts = await readParts(ctx, limits);
  } catch (err) {
    // Stop reading a body being refused.
    ctx.req.unpipe();
    ctx.req.resume();
    ctx.set('connection', 'close');
    throw err;
  }

  const schema = bodySchema(ctx);
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const values: Record<string, unknown[]> = {};
  const body: Record<string, unknown> = {};
  for (const [raw, value] of parts.texts) {
    const { base, key } = nameOf(raw);
    if (isBinary(properties[base])) throw invalid(base, `${base} must be a file part`);
    if (key !== undefined) {
      const nested = (body[base] ??= {}) as Record<string, unknown>;
      if (typeof nested === 'object') nested[key] = value;
    } else (values[base] ??= []).push(value);
  }
  const files: Record<string, FormFile[]> = {};
  for (const { name, file } of parts.files) {
    const { base } = nameOf(name);
    if (properties[base] && !isBinary(properties[base])) throw invalid(base, `${base} must be a text field, not a file`);
    (files[base] ??= []).push(file);
    (values[base] ??= []).push(FILE_PLACEHOLDER);
  }
  for (const [name, list] of Object.entries(values)) body[name] = list.length === 1 && !isArray(properties[name]) ? list[0] : list;

  const validate = validatorOf(ctx, schema);
  if (!validate(body)) {
    const fields = fieldErrors(validate);
    const first = fields[0]!;
    throw new ApiError('invalid_request', `Invalid request: ${first.path} ${first.message}`, { fields, param: first.path.replace(/^body\./, '') });
  }
  return { body, files };
}
