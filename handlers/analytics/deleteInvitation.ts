import type { Handler } from '../types.ts';
import type { DeleteInvitationData } from '../../generated/analytics/types.gen.ts';
import { ApiError } from '../../protocols/errors.ts';
import { projectIdOf } from './_stats.ts';
import { deleteInvitation as withdraw } from '../../db/analytics/deleteInvitation.ts';

const deleteInvitation: Handler<DeleteInvitationData> = async (ctx, { path }) => {
  if (!(await withdraw(ctx.state.deps.db, projectIdOf(ctx), path.invitationId))) throw new ApiError('not_found', 'No such pending invitation on this site.', { code: 'not_found' });
  ctx.status = 204;
};

export default deleteInvitation;
