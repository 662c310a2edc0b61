// The admin operations on keys, teams and tag policies, shared by the API
// (handlers/gateway/*Key.ts, *Team.ts, *TagPolic*.ts) and the CLI: each change
// and its audit entry are one transaction; every process hears of it through
// PostgreSQL (the gateway_keys channel) and applies it within about a second.
import type { Knex } from 'knex';
import { ApiError } from '../../protocols/errors.ts';
import { mintKey } from '../../protocols/keys.ts';
import { checkUrlTarget, GuardedFetchError } from '../../providers/transport/guardedFetch.ts';
import { insertGatewayKey } from '../../db/gateway/insertGatewayKey.ts';
import { getGatewayKey } from '../../db/gateway/getGatewayKey.ts';
import { updateGatewayKey } from '../../db/gateway/updateGatewayKey.ts';
import { rotateGatewayKey } from '../../db/gateway/rotateGatewayKey.ts';
import { revokeGatewayKey } from '../../db/gateway/revokeGatewayKey.ts';
import { getTeam } from '../../db/gateway/getTeam.ts';
import { insertTeam } from '../../db/gateway/insertTeam.ts';
import { updateTeam as updateTeamRow } from '../../db/gateway/updateTeam.ts';
import { deleteTeam as deleteTeamRow } from '../../db/gateway/deleteTeam.ts';
import { upsertTagPolicy } from '../../db/gateway/upsertTagPolicy.ts';
import { deleteTagPolicy as deleteTagPolicyRow } from '../../db/gateway/deleteTagPolicy.ts';
import { insertAuditEvent } from '../../db/gateway/insertAuditEvent.ts';
import { readAllowances } from '../../db/gateway/readAllowances.ts';
import type { GatewayKeyAdminRow, GatewayKeyChanges } from '../../db/gateway/gatewayKeyRow.ts';
import type { TeamRow } from '../../db/gateway/teamRow.ts';
import type { TagPolicyRow } from '../../db/gateway/tagPolicyRow.ts';
import { GATEWAY_KEY_PREFIX } from '../gatewayAuth.ts';
import type { Governor } from './governor.ts';
import { checkPolicy, hasRules, metersOf, policyOfRow, policyView, windowOf, type Budget, type Governed, type Limits } from './policy.ts';

/** Who acts: an admin key, or the CLI (keyId null). */
export interface Actor {
  keyId: string | null;
  name: string;
}

export const CLI_ACTOR: Actor = { keyId: null, name: 'cli' };

export interface PolicyInput {
  allowedModels?: string[] | null;
  limits?: Limits | null;
  budgets?: Budget[] | null;
  alertWebhookUrl?: string | null;
}

export interface KeyInput extends PolicyInput {
  name?: string;
  role?: 'admin' | 'member';
  teamId?: string | null;
  tags?: string[];
  expiresAt?: string | null;
  /** The key's default routing policy (the CLI's --routing). */
  routing?: unknown;
  requestLog?: boolean | null;
}

/** What a team may be given besides its policy. */
export interface TeamInput extends PolicyInput {
  requestLog?: boolean | null;
}

const DEFAULT_GRACE_SECONDS = 3600;

function invalid(message: string, param: string): ApiError {
  return new ApiError('invalid_request', message, { code: 'invalid_policy', param });
}

/** The rules the schema cannot say; the webhook URL through the SSRF guard. */
async function checkPolicyInput(input: PolicyInput & { expiresAt?: string | null }, now: number): Promise<void> {
  checkPolicy({ budgets: input.budgets ?? null });
  if (input.expiresAt && Date.parse(input.expiresAt) <= now) throw invalid(`expiresAt ${input.expiresAt} is in the past`, 'expiresAt');
  if (input.alertWebhookUrl) {
    try {
      await checkUrlTarget(input.alertWebhookUrl);
    } catch (err) {
      if (!(err instanceof GuardedFetchError)) throw err;
      throw invalid(`alertWebhookUrl is refused: ${err.message}`, 'alertWebhookUrl');
    }
  }
}

function policyColumns(input: PolicyInput): Partial<Pick<GatewayKeyChanges, 'allowed_models' | 'limits' | 'budgets' | 'alert_webhook_url'>> {
  const out: Partial<Pick<GatewayKeyChanges, 'allowed_models' | 'limits' | 'budgets' | 'alert_webhook_url'>> = {};
  if (input.allowedModels !== undefined) out.allowed_models = input.allowedModels;
  if (input.limits !== undefined) out.limits = input.limits && Object.keys(input.limits).length ? input.limits : null;
  if (input.budgets !== undefined) out.budgets = input.budgets?.length ? input.budgets.map((b) => ({ ...b, mode: b.mode ?? 'hard' })) : null;
  if (input.alertWebhookUrl !== undefined) out.alert_webhook_url = input.alertWebhookUrl;
  return out;
}

function keyColumns(input: KeyInput): GatewayKeyChanges {
  const out: GatewayKeyChanges = policyColumns(input);
  if (input.name !== undefined) out.name = input.name;
  if (input.role !== undefined) out.role = input.role;
  if (input.teamId !== undefined) out.team_id = input.teamId;
  if (input.tags !== undefined) out.tags = [...new Set(input.tags)];
  if (input.expiresAt !== undefined) out.expires_at = input.expiresAt === null ? null : new Date(input.expiresAt);
  if (input.requestLog !== undefined) out.request_log = input.requestLog;
  return out;
}

async function checkTeam(db: Knex, teamId: string | null | undefined): Promise<void> {
  if (teamId && !(await getTeam(db, teamId))) throw new ApiError('invalid_request', `No team ${teamId}`, { code: 'unknown_team', param: 'teamId' });
}

function notFound(what: string): ApiError {
  return new ApiError('not_found', `No ${what}`, { code: 'not_found' });
}

/** A key as the admin API shows it (openapi/gateway.yaml Key). */
export function keyView(row: GatewayKeyAdminRow, now: number): Record<string, unknown> {
  const previous = row.previous_valid_until && row.previous_valid_until.getTime() > now ? row.previous_valid_until.toISOString() : null;
  return {
    id: row.id,
    name: row.name,
    prefix: row.lookup,
    role: row.role,
    teamId: row.team_id,
    tags: row.tags,
    expiresAt: row.expires_at?.toISOString() ?? null,
    ...policyView(policyOfRow(row)),
    requestLog: row.request_log,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
    previousKeyValidUntil: previous,
  };
}

export function teamView(row: TeamRow, meters: unknown[]): Record<string, unknown> {
  return { id: row.id, name: row.name, ...policyView(policyOfRow(row)), requestLog: row.request_log, createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString(), meters };
}

export function tagPolicyView(row: TagPolicyRow, meters: unknown[]): Record<string, unknown> {
  return { tag: row.tag, ...policyView(policyOfRow(row)), updatedAt: row.updated_at.toISOString(), meters };
}

/** The current window of each limit and budget of these parties (openapi/gateway.yaml Meter). */
export async function meterViews(db: Knex, parties: Governed[], now: number): Promise<Array<Record<string, unknown>>> {
  const specs = parties.flatMap(metersOf);
  const windows = specs.map((s) => windowOf(s.period, now));
  const rows = await readAllowances(
    db,
    specs.map((s, i) => ({ m: s.meter, w: new Date(windows[i]!.start).toISOString() })),
  );
  const byMeter = new Map(rows.map((r) => [r.meter, r]));
  return specs.map((s, i) => {
    const row = byMeter.get(s.meter);
    const w = windows[i]!;
    // A rate limit's count is what processes have taken of it; a budget's, what calls settled.
    const used = s.metric === 'spend' ? (row?.used ?? 0) : (row?.leased ?? 0);
    const held = s.metric === 'spend' ? (row?.leased ?? 0) : 0;
    return {
      scope: s.owner.scope,
      subject: s.owner.id,
      metric: s.metric,
      period: s.period,
      limit: s.cap,
      mode: s.hard ? 'hard' : 'soft',
      used,
      remaining: s.cap - used - held,
      windowStart: new Date(w.start).toISOString(),
      resetsAt: w.end === undefined ? null : new Date(w.end).toISOString(),
    };
  });
}

/** The parties of a stored team or tag, for its own meters. */
export function teamParty(row: TeamRow): Governed {
  return { scope: 'team', id: row.id, label: `team ${row.name}`, policy: policyOfRow(row) };
}

export function tagParty(row: TagPolicyRow): Governed {
  return { scope: 'tag', id: row.tag, label: `tag ${row.tag}`, policy: policyOfRow(row) };
}

export async function createKey(db: Knex, actor: Actor, input: KeyInput & { name: string }, now: number): Promise<{ key: Record<string, unknown>; secret: string }> {
  await checkPolicyInput(input, now);
  const minted = mintKey(GATEWAY_KEY_PREFIX);
  const row = await db.transaction(async (trx) => {
    await checkTeam(trx, input.teamId);
    const id = await insertGatewayKey(trx, { lookup: minted.lookup, hash: minted.hash, ...keyColumns(input), name: input.name, routing: input.routing });
    await insertAuditEvent(trx, { actorKeyId: actor.keyId, actor: actor.name, action: 'key.create', targetType: 'key', targetId: id, changes: { ...input } });
    return (await getGatewayKey(trx, id))!;
  });
  return { key: keyView(row, now), secret: minted.plaintext };
}

export async function updateKey(db: Knex, actor: Actor, id: string, input: KeyInput, now: number): Promise<Record<string, unknown>> {
  await checkPolicyInput(input, now);
  const row = await db.transaction(async (trx) => {
    await checkTeam(trx, input.teamId);
    const updated = await updateGatewayKey(trx, id, keyColumns(input));
    if (!updated) throw notFound(`active key ${id}`);
    await insertAuditEvent(trx, { actorKeyId: actor.keyId, actor: actor.name, action: 'key.update', targetType: 'key', targetId: id, changes: { ...input } });
    return updated;
  });
  return keyView(row, now);
}

export async function rotateKey(db: Knex, actor: Actor, id: string, graceSeconds: number | undefined, now: number): Promise<{ key: Record<string, unknown>; secret: string }> {
  const grace = graceSeconds ?? DEFAULT_GRACE_SECONDS;
  const minted = mintKey(GATEWAY_KEY_PREFIX);
  const row = await db.transaction(async (trx) => {
    const current = await getGatewayKey(trx, id);
    if (!current || current.revoked_at) throw notFound(`active key ${id}`);
    if (current.lookup === 'bootstrap') {
      throw new ApiError('invalid_request', 'The bootstrap key cannot be rotated: set GATEWAY_BOOTSTRAP_KEY to a new value', { code: 'cannot_rotate_bootstrap' });
    }
    const rotated = await rotateGatewayKey(trx, id, { lookup: minted.lookup, hash: minted.hash, previousValidUntil: new Date(now + grace * 1000) });
    if (!rotated) throw notFound(`active key ${id}`);
    await insertAuditEvent(trx, { actorKeyId: actor.keyId, actor: actor.name, action: 'key.rotate', targetType: 'key', targetId: id, changes: { graceSeconds: grace } });
    return rotated;
  });
  return { key: keyView(row, now), secret: minted.plaintext };
}

export async function revokeKey(db: Knex, actor: Actor, id: string, now: number): Promise<Record<string, unknown>> {
  if (actor.keyId === id) throw new ApiError('invalid_request', 'A key cannot revoke itself: use another admin key', { code: 'cannot_revoke_self' });
  const row = await db.transaction(async (trx) => {
    const revoked = await revokeGatewayKey(trx, { id });
    if (!revoked) throw notFound(`active key ${id}`);
    await insertAuditEvent(trx, { actorKeyId: actor.keyId, actor: actor.name, action: 'key.revoke', targetType: 'key', targetId: id, changes: {} });
    return (await getGatewayKey(trx, id))!;
  });
  return keyView(row, now);
}

function teamExists(name: string): ApiError {
  return new ApiError('conflict', `A team named ${name} exists already`, { code: 'team_exists', param: 'name' });
}

export async function createTeam(db: Knex, actor: Actor, input: TeamInput & { name: string }, now: number): Promise<Record<string, unknown>> {
  await checkPolicyInput(input, now);
  const row = await db.transaction(async (trx) => {
    const team = await insertTeam(trx, { name: input.name, ...policyColumns(input), ...(input.requestLog !== undefined ? { request_log: input.requestLog } : {}) });
    if (!team) throw teamExists(input.name);
    await insertAuditEvent(trx, { actorKeyId: actor.keyId, actor: actor.name, action: 'team.create', targetType: 'team', targetId: team.id, changes: { ...input } });
    return team;
  });
  return teamView(row, []);
}

export async function updateTeam(db: Knex, actor: Actor, id: string, input: TeamInput & { name?: string }, now: number): Promise<Record<string, unknown>> {
  await checkPolicyInput(input, now);
  const row = await db.transaction(async (trx) => {
    let team;
    try {
      team = await updateTeamRow(trx, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...policyColumns(input),
        ...(input.requestLog !== undefined ? { request_log: input.requestLog } : {}),
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw teamExists(input.name ?? '');
      throw err;
    }
    if (!team) throw notFound(`team ${id}`);
    await insertAuditEvent(trx, { actorKeyId: actor.keyId, actor: actor.name, action: 'team.update', targetType: 'team', targetId: id, changes: { ...input } });
    return team;
  });
  return teamView(row, await meterViews(db, [teamParty(row)], now));
}

export async function deleteTeam(db: Knex, actor: Actor, id: string): Promise<Record<string, unknown>> {
  const row = await db.transaction(async (trx) => {
    const team = await deleteTeamRow(trx, id);
    if (!team) throw notFound(`team ${id}`);
    if (team === 'in_use') throw new ApiError('conflict', `Team ${id} still has active keys: move or revoke them first`, { code: 'team_in_use' });
    await insertAuditEvent(trx, { actorKeyId: actor.keyId, actor: actor.name, action: 'team.delete', targetType: 'team', targetId: id, changes: {} });
    return team;
  });
  return teamView(row, []);
}

export async function setTagPolicy(db: Knex, actor: Actor, tag: string, input: PolicyInput, now: number): Promise<Record<string, unknown>> {
  await checkPolicyInput(input, now);
  const cols = policyColumns(input);
  const row = await db.transaction(async (trx) => {
    const stored = await upsertTagPolicy(trx, {
      tag,
      allowed_models: cols.allowed_models ?? null,
      limits: cols.limits ?? null,
      budgets: cols.budgets ?? null,
      alert_webhook_url: cols.alert_webhook_url ?? null,
    });
    await insertAuditEvent(trx, { actorKeyId: actor.keyId, actor: actor.name, action: 'tag.set', targetType: 'tag', targetId: tag, changes: { ...input } });
    return stored;
  });
  return tagPolicyView(row, await meterViews(db, [tagParty(row)], now));
}

export async function deleteTagPolicy(db: Knex, actor: Actor, tag: string): Promise<Record<string, unknown>> {
  const row = await db.transaction(async (trx) => {
    const removed = await deleteTagPolicyRow(trx, tag);
    if (!removed) throw notFound(`policy for tag ${tag}`);
    await insertAuditEvent(trx, { actorKeyId: actor.keyId, actor: actor.name, action: 'tag.delete', targetType: 'tag', targetId: tag, changes: {} });
    return removed;
  });
  return tagPolicyView(row, []);
}

/** A key with the meters of every policy that applies to it (GET /api/llm/key, getKey). */
export async function keyDetails(db: Knex, governor: Governor, id: string): Promise<{ key: Record<string, unknown>; meters: unknown[] }> {
  const row = await getGatewayKey(db, id);
  if (!row) throw notFound(`key ${id}`);
  const now = governor.now();
  const policy = policyOfRow(row);
  const parties = governor.partiesOf({
    keyId: row.id,
    keyName: row.name,
    role: row.role,
    tags: row.tags,
    ...(row.team_id ? { teamId: row.team_id } : {}),
    ...(hasRules(policy) ? { policy } : {}),
  });
  return { key: keyView(row, now), meters: await meterViews(db, parties, now) };
}
