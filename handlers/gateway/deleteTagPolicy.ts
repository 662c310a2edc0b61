import type { Handler } from '../types.ts';
import type { DeleteTagPolicyData } from '../../generated/gateway/types.gen.ts';
import { deleteTagPolicy as remove } from '../../core/governance/admin.ts';
import { adminOf, ok } from './_context.ts';

const deleteTagPolicy: Handler<DeleteTagPolicyData> = async (ctx, { path }) => {
  const actor = adminOf(ctx);
  ok(ctx, await remove(ctx.state.deps.db, actor, path.tag), 200, 'Tag policy removed.');
};

export default deleteTagPolicy;
