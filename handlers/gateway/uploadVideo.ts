// Streams a multipart upload straight to disk, counting bytes as they arrive,
// so a 100 MB cap is enforced without holding the file in memory.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import busboy from 'busboy';
import type { Handler } from '../types.ts';
import { ApiError } from '../../protocols/errors.ts';
import { insertUpload } from '../../db/gateway/insertUpload.ts';
import { keyOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';
import type { UploadVideoData } from '../../generated/gateway/types.gen.ts';
import { dataDir } from '../../media/dataDir.ts';

export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
const TTL_SECONDS = 3600;
const VIDEO_TYPES = new Set(['video/mp4', 'video/webm', 'video/mov', 'video/quicktime', 'video/mpeg', 'video/avi']);

export function uploadDir(env: NodeJS.ProcessEnv): string {
  return env.UPLOAD_DIR || path.join(dataDir(env), 'uploads');
}

const uploadVideo: Handler<UploadVideoData> = async (ctx) => {
  if (!/^multipart\/form-data/i.test(ctx.get('content-type'))) {
    throw new ApiError('unsupported_media_type', 'Send multipart/form-data with the file in the field "video"');
  }
  if (Number(ctx.get('content-length') || 0) > MAX_VIDEO_BYTES + 64 * 1024) {
    throw new ApiError('payload_too_large', `Videos are limited to ${MAX_VIDEO_BYTES} bytes (100 MB)`);
  }
  const dir = uploadDir(ctx.state.deps.env);
  await mkdir(dir, { recursive: true });
  const id = randomUUID();
  const file = path.join(dir, id);

  const saved = await new Promise<{ mimeType: string; size: number }>((resolve, reject) => {
    let found = false;
    let parser: busboy.Busboy;
    try {
      // busboy signals `limit` on reaching fileSize, not on passing it: one byte more makes a video of exactly the maximum pass.
      parser = busboy({ headers: ctx.req.headers, limits: { files: 1, fileSize: MAX_VIDEO_BYTES + 1 } });
    } catch (err) {
      return reject(new ApiError('invalid_request', `Malformed multipart body: ${(err as Error).message}`));
    }
    parser.on('file', (field, stream, info) => {
      // A body that ends inside a file part fails the parser (answered below) and this stream alike: unheard, the
      // stream's error would take the process down. The video's own stream is watched by its pipeline.
      stream.on('error', () => {});
      if (field !== 'video') {
        stream.resume();
        return;
      }
      const mimeType = info.mimeType.toLowerCase();
      if (!VIDEO_TYPES.has(mimeType)) {
        stream.resume();
        return reject(new ApiError('unsupported_media_type', `Unsupported video type ${mimeType}; accepted: ${[...VIDEO_TYPES].join(', ')}`));
      }
      found = true;
      let size = 0;
      const counter = new Transform({
        transform(chunk, _enc, cb) {
          size += chunk.length;
          cb(null, chunk);
        },
      });
      stream.on('limit', () => counter.destroy(new ApiError('payload_too_large', `Videos are limited to ${MAX_VIDEO_BYTES} bytes (100 MB)`)));
      pipeline(stream, counter, createWriteStream(file)).then(
        () => resolve({ mimeType, size }),
        (err) => reject(err instanceof ApiError ? err : new ApiError('invalid_request', 'The upload was interrupted')),
      );
    });
    parser.on('error', (err) => reject(new ApiError('invalid_request', `Malformed multipart body: ${(err as Error).message}`)));
    parser.on('close', () => {
      if (!found) reject(new ApiError('invalid_request', 'No file in the field "video"', { param: 'video' }));
    });
    ctx.req.pipe(parser);
  }).catch(async (err) => {
    await rm(file, { force: true });
    // Stop reading a body we are refusing.
    ctx.req.unpipe();
    ctx.set('connection', 'close');
    throw err;
  });

  if (saved.size === 0) {
    await rm(file, { force: true });
    throw new ApiError('invalid_request', 'The video file is empty', { param: 'video', fields: [{ path: 'body.video', message: 'must not be empty' }] });
  }
  const { expiresAt } = await insertUpload(ctx.state.deps.db, {
    id,
    keyId: keyOf(ctx).keyId,
    mimeType: saved.mimeType,
    sizeBytes: saved.size,
    path: file,
    ttlSeconds: TTL_SECONDS,
  });
  ok(ctx, { fileId: id, mimeType: saved.mimeType, sizeBytes: saved.size, expiresAt: expiresAt.toISOString() });
};

export default uploadVideo;
