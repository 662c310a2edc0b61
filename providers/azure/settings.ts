// Azure OpenAI as the environment configures it: the resource's endpoint, how
// calls authenticate, which API they speak (the v1 API or a dated
// api-version) and which deployment serves each model. Read per call from
// ProviderSettings.extra, so the whole of it can later come from a file too.
import { jsonSetting } from '../jsonSetting.ts';
import { ProviderError, type CallContext, type ProviderSettings } from '../types.ts';
import { CLIENT_ID_ENV, CLIENT_SECRET_ENV, entraAppOf, entraExtra, TENANT_ENV } from './entra.ts';

export const ENDPOINT_ENV = 'AZURE_OPENAI_ENDPOINT';
export const KEY_ENV = 'AZURE_OPENAI_API_KEY';
export const TOKEN_ENV = 'AZURE_OPENAI_AD_TOKEN';
export const VERSION_ENV = 'AZURE_OPENAI_API_VERSION';
export const DEPLOYMENTS_ENV = 'AZURE_OPENAI_DEPLOYMENTS';

/** The v1 API (GA since August 2025): no dated api-version, the deployment named in the body's model. */
export const V1 = 'v1';

/** What ProviderSettings.extra holds for azure. */
export function azureExtra(env: NodeJS.ProcessEnv): Record<string, string> {
  const extra: Record<string, string> = { apiVersion: env[VERSION_ENV]?.trim() || V1 };
  if (env[DEPLOYMENTS_ENV]?.trim()) extra.deployments = env[DEPLOYMENTS_ENV]!;
  if (env[TOKEN_ENV]?.trim()) extra.adToken = env[TOKEN_ENV]!.trim();
  return { ...extra, ...entraExtra(env) };
}

/** Microsoft Entra ID stands in for the api key: a static token, or the client-credentials flow. */
export function entraConfigured(extra: Record<string, string>): boolean {
  return Boolean(extra.adToken || entraAppOf(extra));
}

const readDeployments = jsonSetting<Record<string, string>>(
  'azure',
  DEPLOYMENTS_ENV,
  { type: 'object', additionalProperties: { type: 'string', minLength: 1, pattern: '^[A-Za-z0-9._-]+$' } },
  '{"gpt-4o-mini":"chat-mini","text-embedding-3-small":"embed"}',
);

/** The deployment that serves `model`: the operator's mapping, else a deployment named like the model (Azure's portal default). */
export function deploymentOf(settings: ProviderSettings, model: string): string {
  const raw = settings.extra.deployments;
  const mapped = raw ? readDeployments(raw)[model] : undefined;
  return mapped ?? model;
}

/**
 * An api-key header, else a Microsoft Entra ID bearer token (the one the
 * client-credentials flow put in the context, else the operator's static
 * one); none set is a configuration error.
 */
export function authHeaders(ctx: CallContext): Record<string, string> {
  const { settings } = ctx;
  if (settings.apiKey) return { 'api-key': settings.apiKey };
  if (settings.extra.adToken) return { authorization: `Bearer ${settings.extra.adToken}` };
  throw new ProviderError('azure', 'missing_config', `azure is not configured: set ${KEY_ENV}, or Microsoft Entra ID's ${TENANT_ENV}, ${CLIENT_ID_ENV} and ${CLIENT_SECRET_ENV} (or a token in ${TOKEN_ENV})`);
}

function endpoint(settings: ProviderSettings): string {
  if (!settings.baseUrl) throw new ProviderError('azure', 'missing_config', `azure is not configured: set ${ENDPOINT_ENV} (https://<resource>.openai.azure.com)`);
  return settings.baseUrl.replace(/\/openai(\/v1)?$/, '');
}

/**
 * The URL of an operation (`chat/completions`, `embeddings`,
 * `images/generations`) for a deployment, and the model the body names. The
 * v1 API takes the deployment as the body's model at /openai/v1/<op>; a dated
 * api-version puts it in the path and wants ?api-version=.
 */
export function operationUrl(settings: ProviderSettings, op: string, model: string): { url: string; model: string } {
  const deployment = deploymentOf(settings, model);
  const base = endpoint(settings);
  const version = settings.extra.apiVersion || V1;
  if (version === V1) return { url: `${base}/openai/v1/${op}`, model: deployment };
  return { url: `${base}/openai/deployments/${encodeURIComponent(deployment)}/${op}?api-version=${encodeURIComponent(version)}`, model: deployment };
}

