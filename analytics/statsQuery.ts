import type { StatsScope } from '../db/analytics/scope.ts';
import type { ApiContext } from '../handlers/types.ts';

export type Window = '24h' | '7d' | '30d' | '90d';

const WINDOW_MS: Record<Window, number> = {
  '24h': 24 * 3600_000,
  '7d': 7 * 86400_000,
  '30d': 30 * 86400_000,
  '90d': 90 * 86400_000,
};

/** The contract's toggles: `true` or `1` switch on; anything else the spec allows is off. */
export function flag(value: unknown): boolean {
  return value === true || value === 'true' || value === '1' || value === 1;
}

export function windowBounds(window: Window = '7d', now = new Date()): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - WINDOW_MS[window]), to: now };
}

export function projectIdOf(ctx: ApiContext): string {
  return (ctx.state.auth as { projectId: string }).projectId;
}

/** Window and toggles of a stats request, scoped to the key's project. */
export function statsScope(ctx: ApiContext): StatsScope & { window: Window } {
  const q = ctx.state.op.request.query as Record<string, unknown>;
  const window = ((q.window as Window | undefined) ?? '7d') as Window;
  return {
    window,
    projectId: projectIdOf(ctx),
    ...windowBounds(window),
    includeBots: flag(q.includeBots),
    includeInternal: flag(q.includeInternal),
  };
}
