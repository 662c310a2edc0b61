// multipart/form-data bodies for upstream uploads (image edits, transcription,
// video references). Built in memory: every part is a capped input.
import { randomBytes } from 'node:crypto';

export type FormPart = { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

export function multipart(parts: FormPart[]): { body: Buffer; contentType: string } {
  const boundary = `----switchyard${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const name = part.name.replace(/"/g, '%22');
    if ('data' in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${part.filename.replace(/"/g, '%22')}"\r\ncontent-type: ${part.contentType}\r\n\r\n`),
        part.data,
        Buffer.from('\r\n'),
      );
    } else chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${part.value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Form fields from optional values: undefined ones are left out. */
export function fields(values: Record<string, string | number | boolean | undefined>): FormPart[] {
  return Object.entries(values).flatMap(([name, v]) => (v === undefined ? [] : [{ name, value: String(v) }]));
}

export function extensionOf(mimeType: string): string {
  return { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif', 'audio/mpeg': 'mp3', 'audio/wav': 'wav', 'audio/ogg': 'ogg', 'audio/flac': 'flac', 'audio/mp4': 'm4a', 'video/mp4': 'mp4', 'video/webm': 'webm' }[mimeType] ?? 'bin';
}
