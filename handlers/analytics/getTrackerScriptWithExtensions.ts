import { ApiError } from '../../protocols/errors.ts';
import { EXTENSIONS, parseExtensions, trackerAsset } from '../../analytics/tracker.ts';
import type { Handler } from '../types.ts';
import type { GetTrackerScriptWithExtensionsData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetTrackerScriptWithExtensionsData> = async (ctx, { path, query }) => {
  const { extensions } = path;
  const { project } = query;
  const list = parseExtensions(extensions);
  if (!list) throw new ApiError('not_found', `Unknown tracker extension in ${extensions}; the extensions are ${EXTENSIONS.join(', ')}.`, { code: 'not_found' });
  trackerAsset(list, project).send(ctx);
};

export default handler;
