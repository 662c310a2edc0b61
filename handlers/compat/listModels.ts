// GET /v1/models: every model /v1 can call now, in the OpenAI list shape, or
// Anthropic's paged shape for Anthropic clients (anthropic-version header).
import type { Handler } from '../types.ts';
import { toAnthropicModelPage, toOpenAiModelList, wantsAnthropicShape } from '../../protocols/models.ts';
import { compatModels } from '../../core/discovery.ts';
import type { ListModelsData } from '../../generated/compat/types.gen.ts';

const listModels: Handler<ListModelsData> = async (ctx, { query }) => {
  const models = await compatModels();
  ctx.body = wantsAnthropicShape(ctx.headers) ? toAnthropicModelPage(models, query) : toOpenAiModelList(models);
};

export default listModels;
