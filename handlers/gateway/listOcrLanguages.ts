import type { Handler } from '../types.ts';
import type { ListOcrLanguagesData, OcrLanguages } from '../../generated/gateway/types.gen.ts';
import { ocrLanguages } from '../../core/ocr.ts';
import { ok } from './_context.ts';

const listOcrLanguages: Handler<ListOcrLanguagesData> = async (ctx) => {
  const data: OcrLanguages = ocrLanguages();
  ok(ctx, data);
};

export default listOcrLanguages;
