import { randomBytes } from 'node:crypto';
import type { Handler } from '../types.ts';
import type { UnlockSharedLinkData } from '../../generated/analytics/types.gen.ts';
import { ApiError } from '../../protocols/errors.ts';
import { hashKey, type AnalyticsAuth } from '../../analytics/keys.ts';
import { verifyPassword } from '../../analytics/passwords.ts';
import { getSharedLinkPassword } from '../../db/analytics/getSharedLinkPassword.ts';
import { insertShareUnlock } from '../../db/analytics/insertShareUnlock.ts';
import { accountsOf } from './_accounts.ts';

const UNLOCK_MS = 12 * 3600_000;
const FAILURES_PER_LINK = 10;

const unlockSharedLink: Handler<UnlockSharedLinkData> = async (ctx, { body }) => {
  const auth = ctx.state.auth as AnalyticsAuth;
  const accounts = accountsOf(ctx);
  const subject = `share:${auth.keyId}`;
  await accounts.throttle([[subject, FAILURES_PER_LINK]]);
  const stored = await getSharedLinkPassword(ctx.state.deps.db, auth.keyId);
  if (stored && !(await verifyPassword(body.password, stored))) {
    await accounts.noteFailure([subject]);
    throw new ApiError('forbidden', 'That is not this link\'s password.', { code: 'wrong_password' });
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + UNLOCK_MS);
  await insertShareUnlock(ctx.state.deps.db, hashKey(token), auth.keyId, expiresAt);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { unlockToken: token, expiresAt: expiresAt.toISOString() };
};

export default unlockSharedLink;
