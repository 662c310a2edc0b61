import { ApiError } from '../../protocols/errors.ts';
import type { ApiContext } from '../../handlers/types.ts';
import { EXTENSIONS, parseExtensions, trackerAsset } from '../../analytics/tracker.ts';

export default async function handler(ctx: ApiContext) {
  const { extensions } = ctx.state.op.request.params as { extensions: string };
  const { project } = ctx.state.op.request.query as { project?: string };
  const list = parseExtensions(extensions);
  if (!list) throw new ApiError('not_found', `Unknown tracker extension in ${extensions}; the extensions are ${EXTENSIONS.join(', ')}.`, { code: 'not_found' });
  trackerAsset(list, project).send(ctx);
}
