// A call's worst case before it runs, for limits and budgets: input tokens
// from the count_tokens estimate (core/tokenCount.ts), output at maxTokens
// (plus a thinking budget, times n answers) or the model's output cap, priced
// at the catalogue's rates for the dearest target the call may reach.
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { maxOutputTokens } from '../../pricing/catalogue.ts';
import { completionCost } from '../../pricing/cost.ts';
import { estimateTokens } from '../tokenCount.ts';
import type { Caller } from '../providerCall.ts';
import type { CallEstimate } from './governor.ts';

// Output ceiling for a model the catalogue does not know (it is billed 0, so this counts only against token limits).
const UNKNOWN_MODEL_OUTPUT = 4_096;

function outputCeiling(r: CanonicalRequest): number {
  const cap = maxOutputTokens(r.provider, r.model);
  const asked = r.maxTokens === undefined ? undefined : r.maxTokens + (r.thinkingMode?.enabled ? (r.thinkingMode.budget ?? 0) : 0);
  const one = asked === undefined ? (cap ?? UNKNOWN_MODEL_OUTPUT) : cap === undefined ? asked : Math.min(asked, cap);
  return one * Math.max(1, r.n ?? 1);
}

/** `targets`: the primary request, then each routing fallback's. */
export function estimateCompletion(targets: readonly CanonicalRequest[], caller: Pick<Caller, 'providerKey'>): CallEstimate {
  const input = estimateTokens(targets[0]!);
  let tokens = 0;
  let cost = 0;
  for (const [i, r] of targets.entries()) {
    const output = outputCeiling(r);
    tokens = Math.max(tokens, input + output);
    // The caller's own key pays the primary provider only (core/routing.ts payerOf).
    const byok = caller.providerKey !== undefined && (i === 0 || r.provider === targets[0]!.provider);
    const price = completionCost(r.provider, r.model, { inputTokens: input, outputTokens: output, totalTokens: input + output, cachedTokens: 0 }, { byok }).customerPrice;
    cost = Math.max(cost, price);
  }
  return { targets: targets.map((r) => ({ provider: r.provider, model: r.model })), tokens, cost };
}
