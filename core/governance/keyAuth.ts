// A key as the governor sees it when no request carries it: a batch's lines
// are submitted by whichever process advances the batch, under the policy the
// key has then (its allow-list, limits and budgets as changed since create).
import type { Knex } from 'knex';
import { getGatewayKey } from '../../db/gateway/getGatewayKey.ts';
import { ApiError } from '../../protocols/errors.ts';
import type { GatewayAuth } from '../gatewayAuth.ts';
import { hasRules, policyOfRow } from './policy.ts';

/** The key's governance by its id; a revoked or expired key is refused as a request carrying it would be (403). */
export async function authOfKeyId(db: Knex, keyId: string, now: number): Promise<GatewayAuth | ApiError> {
  const row = await getGatewayKey(db, keyId);
  if (!row || row.revoked_at) return new ApiError('forbidden', `The key that created this batch was revoked`, { code: 'key_revoked' });
  if (row.expires_at && now >= row.expires_at.getTime()) {
    return new ApiError('forbidden', `The key ${row.name} expired at ${row.expires_at.toISOString()}`, { code: 'key_expired' });
  }
  const auth: GatewayAuth = { keyId: row.id, keyName: row.name, role: row.role, tags: row.tags };
  if (row.team_id) auth.teamId = row.team_id;
  const policy = policyOfRow(row);
  if (hasRules(policy)) auth.policy = policy;
  return auth;
}
