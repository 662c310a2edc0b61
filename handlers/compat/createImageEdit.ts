// POST /v1/images/edits: multipart images (and a mask) as the native image
// task's references, waited for, answered in the images protocol.
import type { Handler } from '../types.ts';
import type { CreateImageEditData } from '../../generated/compat/types.gen.ts';
import { fromImageRequest, toImagesResponse, type ImageResult } from '../../protocols/images.ts';
import { prepareImageUploads, type Upload } from '../../core/media/prepare.ts';
import { MAX_INPUT_BYTES } from '../../core/media/inputs.ts';
import { ApiError } from '../../protocols/errors.ts';
import { readForm, type FormFile } from './_multipart.ts';
import { answerJsonWithFiles, asCompatError, runMediaTask } from './_media.ts';
import { IMAGE_PARAMS } from './createImage.ts';

// The native limits: 20 MB an image, 64 MB of references, and a mask.
const LIMITS = { fileBytes: MAX_INPUT_BYTES, totalBytes: 64 * 1024 * 1024 + MAX_INPUT_BYTES, files: 17 };

/** An image part's declared type counts only when it names an image type (clients often say application/octet-stream). */
function upload(file: FormFile): Upload {
  return { field: file.field, bytes: file.bytes, ...(/^image\//i.test(file.declared) ? { declared: file.declared } : {}) };
}

const createImageEdit: Handler<CreateImageEditData> = async (ctx) => {
  let form;
  try {
    form = await readForm(ctx, LIMITS);
  } catch (err) {
    throw asCompatError(err, IMAGE_PARAMS);
  }
  const images = form.files.image ?? [];
  // Not in the schema's `required` (the router's multipart stand-in has no files to show), so checked here: an edit without an image is no generation.
  if (!images.length) throw new ApiError('invalid_request', 'image is required: the image to edit, as an `image` or `image[]` file part', { param: 'image', code: 'invalid_request' });
  const mask = form.files.mask?.[0];
  const task = await runMediaTask(ctx, 'images.edits', IMAGE_PARAMS, (caller) =>
    prepareImageUploads(fromImageRequest(form.body), { references: images.map(upload), ...(mask ? { mask: upload(mask) } : {}) }, caller.providerKey),
  );
  answerJsonWithFiles(ctx, task, toImagesResponse(task.result as ImageResult, task.finished_at ?? new Date()));
};

export default createImageEdit;
