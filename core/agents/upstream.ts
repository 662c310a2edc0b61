// The voice agent behind a template, kept in step with it: its parts are
// created, updated and deleted one at a time, so a failure part-way undoes
// what was done (deleting what was created, putting back what was changed).
// What cannot be undone right away (the provider down during the undo) is
// recorded and removed later by the maintenance schedule, so no part is left
// behind unknown.
import type { Knex } from 'knex';
import type { Governor } from '../governance/governor.ts';
import type { Logger } from 'pino';
import { isDeepStrictEqual } from 'node:util';
import { recordUpstreamLeftover } from '../../db/gateway/recordUpstreamLeftover.ts';
import { AGENT_PARTS, type AgentPart, type AgentWiring, type UpstreamAgent, type VoiceAgentSpec } from '../../protocols/agents.ts';
import { ApiError } from '../../protocols/errors.ts';
import { agentsProvider } from '../../providers/registry.ts';
import { ProviderError, type AgentCallContext, type AgentsAdapter } from '../../providers/types.ts';
import { toApiError } from '../errors.ts';
import { providerCall } from '../providerCall.ts';

export interface AgentsDeps {
  db: Knex;
  env: NodeJS.ProcessEnv;
  log: Logger;
  /** Allow-lists, limits and budgets of the key starting a session (absent: none applies). */
  governor?: Governor;
}

const CALL_TIMEOUT_MS = 30_000;

/** The provider running agents, on the operator's account (templates and sessions never take X-Provider-Key). */
export interface AgentsUpstream {
  adapter: AgentsAdapter;
  context(redact?: string[]): AgentCallContext;
}

export function agentsUpstream(providerKey?: string): AgentsUpstream {
  const adapter = agentsProvider();
  if (!adapter) throw new ApiError('unavailable', 'No provider runs conversational agents', { code: 'unavailable' });
  const call = providerCall(adapter.id, { providerKey });
  return {
    adapter,
    context: (redact) => ({ ...call.context(AbortSignal.timeout(CALL_TIMEOUT_MS)), timeoutMs: CALL_TIMEOUT_MS, ...(redact ? { redact } : {}) }),
  };
}

/** Where the provider reaches this gateway's webhooks: GATEWAY_PUBLIC_URL, without it no agent could report back. */
export function publicUrl(env: NodeJS.ProcessEnv): string {
  const raw = env.GATEWAY_PUBLIC_URL?.trim();
  if (!raw) {
    throw new ApiError('unavailable', 'Conversational agents need GATEWAY_PUBLIC_URL: the address at which elevenlabs reaches this gateway\'s webhooks', { code: 'unavailable' });
  }
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('scheme');
  } catch {
    throw new ApiError('unavailable', 'GATEWAY_PUBLIC_URL is not an http(s) URL', { code: 'unavailable' });
  }
  return raw.replace(/\/+$/, '');
}

export function wiringOf(templateId: number, name: string, type: string, secret: string, base: string): AgentWiring {
  return {
    templateId,
    templateName: name,
    secret,
    contextUrl: `${base}/api/convagents/webhook/context`,
    eventUrl: `${base}/api/convagents/webhook/event`,
    completeUrl: `${base}/api/convagents/webhook/complete`,
    interview: type === 'interview',
  };
}

const PART_NAMES: Record<AgentPart, string> = {
  contextTool: 'the get_context tool',
  eventTool: 'the report_event tool',
  webhook: 'the post-call webhook',
  agent: 'the voice agent',
};

/** A provider failure at one step, as the API error the caller gets; `outcome` says what became of the rest. */
export function stepFailure(up: AgentsUpstream, doing: string, part: AgentPart, err: unknown, outcome: string): ApiError {
  if (err instanceof ApiError) return err;
  if (!(err instanceof ProviderError)) return new ApiError('internal', `Internal error while ${doing} ${PART_NAMES[part]}`, { code: 'internal_error' });
  if (err.code === 'missing_config') return toApiError(err);
  const provider = up.adapter.id;
  if (err.code === 'upstream_rejected' && err.status !== 401 && err.status !== 403) {
    const field = up.adapter.rejectedField(err);
    if (field) {
      return new ApiError('invalid_request', `${provider} does not accept ${field}: ${err.message}; ${outcome}`, {
        code: 'unknown_model',
        param: field,
        fields: [{ path: `body.${field}`, message: `not accepted by ${provider} agents` }],
      });
    }
    return new ApiError('invalid_request', `${provider} refused ${PART_NAMES[part]}: ${err.message}; ${outcome}`, { code: 'upstream_rejected' });
  }
  return new ApiError('upstream', `${provider} failed while ${doing} ${PART_NAMES[part]}: ${err.message}; ${outcome}`, { code: 'upstream_error' });
}

/** Deletes a part now, or records it for the maintenance schedule when that fails. */
export async function removeOrRecord(deps: AgentsDeps, up: AgentsUpstream, part: AgentPart, id: string, why: string): Promise<void> {
  try {
    await up.adapter.deletePart(part, id, up.context());
  } catch (err) {
    deps.log.warn({ part, upstreamId: id, err: (err as Error).message }, 'could not delete an upstream agent part; recorded for the maintenance schedule');
    await recordUpstreamLeftover(deps.db, part, id, `${why}: ${(err as Error).message}`);
  }
}

/** Creates every part in order; on a failure deletes those made and throws what failed. */
export async function createParts(deps: AgentsDeps, up: AgentsUpstream, spec: VoiceAgentSpec, wiring: AgentWiring): Promise<UpstreamAgent> {
  const ids: Partial<UpstreamAgent> = {};
  const ctx = up.context([wiring.secret]);
  for (const part of AGENT_PARTS) {
    try {
      ids[part] = await up.adapter.createPart(part, up.adapter.configure(part, spec, wiring, ids), ctx);
    } catch (err) {
      await undoCreated(deps, up, ids, 'rollback of a template create');
      throw stepFailure(up, 'creating', part, err, 'nothing was created (the parts already made were deleted)');
    }
  }
  return ids as UpstreamAgent;
}

/** Deletes created parts, newest first (the agent uses the others). */
async function undoCreated(deps: AgentsDeps, up: AgentsUpstream, ids: Partial<UpstreamAgent>, why: string): Promise<void> {
  for (const part of [...AGENT_PARTS].reverse()) {
    const id = ids[part];
    if (id) await removeOrRecord(deps, up, part, id, why);
  }
}

export interface AgentState {
  spec: VoiceAgentSpec;
  wiring: AgentWiring;
}

export interface PartsUpdate {
  ids: UpstreamAgent;
  /** Puts every changed part back as it was (when what follows the update fails). */
  revert(): Promise<void>;
  /** Deletes parts the update replaced; call once the update is kept. */
  finish(): Promise<void>;
}

/**
 * Brings the parts from `before` to `after`, touching only those whose
 * configuration changed; a part that cannot change in place is created anew.
 * On a failure, what was changed is put back, what was created deleted.
 */
export async function updateParts(deps: AgentsDeps, up: AgentsUpstream, ids: UpstreamAgent, before: AgentState, after: AgentState): Promise<PartsUpdate> {
  const ctx = up.context([before.wiring.secret, after.wiring.secret]);
  const next: UpstreamAgent = { ...ids };
  const changed: Array<{ part: AgentPart; previous: unknown }> = [];
  const created: Partial<UpstreamAgent> = {};
  const replaced: Array<{ part: AgentPart; id: string }> = [];

  const revert = async () => {
    for (const { part, previous } of [...changed].reverse()) {
      try {
        await up.adapter.updatePart(part, ids[part], previous, ctx);
      } catch (err) {
        deps.log.error({ part, upstreamId: ids[part], err: (err as Error).message }, 'could not put an upstream agent part back; the next update of the template re-synchronises it');
      }
    }
    await undoCreated(deps, up, created, 'rollback of a template update');
  };

  for (const part of AGENT_PARTS) {
    const old = up.adapter.configure(part, before.spec, before.wiring, ids);
    const wanted = up.adapter.configure(part, after.spec, after.wiring, next);
    if (isDeepStrictEqual(old, wanted)) continue;
    try {
      if (up.adapter.mustReplace(part, old, wanted)) {
        next[part] = created[part] = await up.adapter.createPart(part, wanted, ctx);
        replaced.push({ part, id: ids[part] });
      } else {
        await up.adapter.updatePart(part, ids[part], wanted, ctx);
        changed.push({ part, previous: old });
      }
    } catch (err) {
      await revert();
      throw stepFailure(up, 'updating', part, err, 'the template is unchanged');
    }
  }
  return {
    ids: next,
    revert,
    finish: async () => {
      for (const { part, id } of replaced) await removeOrRecord(deps, up, part, id, 'replaced by a template update');
    },
  };
}

/**
 * Deletes a template's parts: the agent first (nothing is deleted when that
 * fails), then the parts it used, recorded for later when they fail.
 */
export async function deleteParts(deps: AgentsDeps, up: AgentsUpstream, ids: UpstreamAgent): Promise<void> {
  try {
    await up.adapter.deletePart('agent', ids.agent, up.context());
  } catch (err) {
    throw stepFailure(up, 'deleting', 'agent', err, 'nothing was deleted');
  }
  for (const part of AGENT_PARTS) {
    if (part !== 'agent') await removeOrRecord(deps, up, part, ids[part], 'template deleted');
  }
}

/** A provider call that is not part of a template's parts (signed URLs, recordings), mapped for the API. */
export function callFailure(up: Pick<AgentsUpstream, 'adapter'>, what: string, err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof ProviderError && (err.code === 'missing_config' || err.code === 'rate_limited')) return toApiError(err);
  if (err instanceof ProviderError) return new ApiError('upstream', `${up.adapter.id} failed ${what}: ${err.message}`, { code: 'upstream_error' });
  return new ApiError('internal', `Internal error ${what}`, { code: 'internal_error' });
}

