import { ApiError } from '../protocols/errors.ts';
import { validateGoalSpec, firstError } from './contract.ts';
import type { GoalSpec } from './query/filters.ts';

/** A funnel's steps given as JSON in a query string, checked against the contract's GoalSpec. */
export function parseSteps(raw: string): GoalSpec[] {
  let steps: unknown;
  try {
    steps = JSON.parse(raw);
  } catch {
    throw new ApiError('invalid_request', 'steps must be a JSON array such as [{"page":"/pricing"},{"event":"Signup"}].', { code: 'bad_request', param: 'steps' });
  }
  if (!Array.isArray(steps) || steps.length < 2 || steps.length > 8) {
    throw new ApiError('invalid_request', 'steps must be a JSON array of 2 to 8 goals.', { code: 'bad_request', param: 'steps' });
  }
  steps.forEach((s, i) => {
    if (!validateGoalSpec(s)) throw new ApiError('invalid_request', `steps[${i}]: ${firstError(validateGoalSpec)} (each step is {"event": name} or {"page": "/path"}).`, { code: 'bad_request', param: 'steps' });
  });
  return steps as GoalSpec[];
}

export const MAX_GOALS = 100;
export const MAX_FUNNELS = 50;
export const MAX_SHARED_LINKS = 20;

export function toGoal(g: { id: string; event_name: string | null; page_path: string | null; display_name: string; created_at: Date }) {
  return { id: g.id, kind: g.event_name !== null ? 'event' : 'page', event: g.event_name, page: g.page_path, displayName: g.display_name, createdAt: g.created_at.toISOString() };
}

export function toFunnel(f: { id: string; name: string; steps: GoalSpec[]; created_at: Date }) {
  return { id: f.id, name: f.name, steps: f.steps, createdAt: f.created_at.toISOString() };
}

export function toSharedLink(l: { id: string; label: string | null; prefix: string; created_at: Date; expires_at?: Date | null; protected?: boolean }) {
  return { id: l.id, label: l.label, prefix: l.prefix, createdAt: l.created_at.toISOString(), expiresAt: l.expires_at?.toISOString() ?? null, passwordProtected: Boolean(l.protected) };
}
