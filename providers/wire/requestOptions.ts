// Request-side helpers more than one wire format needs.
import type { CanonicalRequest, ThinkingEffort } from '../../protocols/canonical.ts';

export interface NamedSchema {
  name: string;
  schema: Record<string, unknown>;
  strict?: boolean;
}

/** jsonSchema arrives either wrapped ({ name?, schema, strict? }) or as a bare JSON Schema. */
export function namedSchema(req: CanonicalRequest): NamedSchema {
  const raw = (req.jsonSchema ?? {}) as Record<string, unknown>;
  if (raw.schema && typeof raw.schema === 'object') {
    return {
      name: typeof raw.name === 'string' && raw.name ? raw.name : 'response',
      schema: raw.schema as Record<string, unknown>,
      ...(typeof raw.strict === 'boolean' ? { strict: raw.strict } : {}),
    };
  }
  return { name: 'response', schema: raw };
}

/**
 * Effort for providers that take an effort level when the caller gave a token
 * budget instead: thresholds follow the budgets the effort levels roughly
 * spend on OpenAI-style reasoning models.
 */
export function effortFromBudget(budget: number): ThinkingEffort {
  if (budget <= 1024) return 'low';
  if (budget <= 8192) return 'medium';
  return 'high';
}

export function thinkingEffort(req: CanonicalRequest): ThinkingEffort | undefined {
  const t = req.thinkingMode;
  if (!t?.enabled) return undefined;
  return t.effort ?? (t.budget !== undefined ? effortFromBudget(t.budget) : 'medium');
}

/**
 * Output-token limit with thinking: the budget comes on top of maxTokens (the
 * caller's maxTokens is for the answer), capped at the model's maximum output
 * when that is known.
 */
export function thinkingMaxTokens(maxTokens: number | undefined, budget: number | undefined, cap: number | undefined): number | undefined {
  if (maxTokens === undefined && budget === undefined) return undefined;
  const wanted = (maxTokens ?? 0) + (budget ?? 0);
  return cap !== undefined ? Math.min(wanted, cap) : wanted;
}
