// The usage row of a call billed per unit (an image, an analysis, a media
// output, an agent session) rather than per token: local engines, media
// generation, web detection and agents write it alike, with zero tokens and
// the catalogue's price (or the byok zero) as priced.
import type { UsageRecord } from '../db/gateway/insertUsage.ts';
import type { Cost } from '../pricing/cost.ts';

export type UnitUsage = Pick<UsageRecord, 'keyId' | 'taskId' | 'kind' | 'surface' | 'provider' | 'model' | 'service' | 'tag' | 'teamId' | 'keyTags' | 'deployment'> & {
  cost: Pick<Cost, 'customerPrice' | 'billing'>;
};

export function unitUsage(u: UnitUsage): UsageRecord {
  return {
    keyId: u.keyId,
    taskId: u.taskId,
    kind: u.kind,
    surface: u.surface,
    provider: u.provider,
    model: u.model,
    inputTokens: 0,
    outputTokens: 0,
    totalTokens: 0,
    cachedTokens: 0,
    cacheCreationTokens: 0,
    cost: u.cost.customerPrice,
    billing: u.cost.billing,
    cached: false,
    service: u.service,
    tag: u.tag,
    teamId: u.teamId,
    keyTags: u.keyTags,
    deployment: u.deployment,
  };
}
