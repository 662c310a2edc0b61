// POST /v1/images/generations: the native image task, waited for, answered in the images protocol.
import type { Handler } from '../types.ts';
import type { CreateImageData } from '../../generated/compat/types.gen.ts';
import { fromImageRequest, toImagesResponse, type ImageResult } from '../../protocols/images.ts';
import { prepareImage } from '../../core/media/prepare.ts';
import { answerJsonWithFiles, runMediaTask } from './_media.ts';

export const IMAGE_PARAMS = { referenceImages: 'image' };

const createImage: Handler<CreateImageData> = async (ctx, { body }) => {
  const task = await runMediaTask(ctx, 'images.generations', IMAGE_PARAMS, (caller) => prepareImage(fromImageRequest(body), caller.providerKey));
  answerJsonWithFiles(ctx, task, toImagesResponse(task.result as ImageResult, task.finished_at ?? new Date()));
};

export default createImage;
