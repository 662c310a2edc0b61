// AWS's own pieces for Bedrock's wire: SigV4 request signing
// (@smithy/signature-v4) and the binary event-stream framing of streamed
// answers (@smithy/eventstream-codec, split into messages by
// @smithy/core's chunker), plus which regions an inference profile serves.
import { Sha256 } from '@aws-crypto/sha256-js';
import { getChunkedStream } from '@smithy/core/event-streams';
import { EventStreamCodec, type Message } from '@smithy/eventstream-codec';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { ProviderError, unsupported, type CallContext } from '../types.ts';

/** The service name Bedrock's runtime signs under (its host is bedrock-runtime.<region>.amazonaws.com). */
export const SIGNING_SERVICE = 'bedrock';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/**
 * The call's credentials: the operator's (AWS_ACCESS_KEY_ID with
 * AWS_SECRET_ACCESS_KEY and, for temporary ones, AWS_SESSION_TOKEN), or a
 * caller's X-Provider-Key written `ACCESS_KEY_ID:SECRET_ACCESS_KEY[:SESSION_TOKEN]`.
 */
export function credentialsOf(ctx: CallContext): AwsCredentials {
  const { apiKey, extra } = ctx.settings;
  if (apiKey?.includes(':')) {
    const [accessKeyId = '', secretAccessKey = '', ...token] = apiKey.split(':');
    if (accessKeyId && secretAccessKey) return { accessKeyId, secretAccessKey, ...(token.length ? { sessionToken: token.join(':') } : {}) };
  } else if (apiKey && extra.secretAccessKey && apiKey === extra.accessKeyId) {
    // The operator's secret goes only with the operator's own key id, never with a caller's.
    return { accessKeyId: apiKey, secretAccessKey: extra.secretAccessKey, ...(extra.sessionToken ? { sessionToken: extra.sessionToken } : {}) };
  }
  throw new ProviderError(
    'bedrock',
    'missing_config',
    `bedrock is not configured: set ${ctx.settings.keyEnv ?? 'AWS_ACCESS_KEY_ID'} and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary credentials)`,
  );
}

/** An AWS region name (us-east-1, eu-central-2, us-gov-west-1): it becomes part of the endpoint's host name. */
export const REGION = /^[a-z]{2}(-gov)?-[a-z]+-\d$/;

export function regionOf(ctx: CallContext): string {
  const region = ctx.settings.extra.region || 'us-east-1';
  if (!REGION.test(region)) throw new ProviderError('bedrock', 'missing_config', `bedrock: "${region.slice(0, 40)}" (BEDROCK_REGION or AWS_REGION) is not an AWS region such as us-east-1`);
  return region;
}

/**
 * The headers of a signed POST of `body` to `url`: host, content type, the
 * x-amz-* headers and Authorization. The URL's path is sent as written (model
 * ids percent-encoded once); the signer escapes it again for its canonical
 * request, as every AWS service but S3 expects.
 */
export async function signedHeaders(url: string, body: string, credentials: AwsCredentials, region: string, accept = 'application/json', now = new Date()): Promise<Record<string, string>> {
  const u = new URL(url);
  const request = new HttpRequest({
    method: 'POST',
    protocol: u.protocol,
    hostname: u.hostname,
    ...(u.port ? { port: Number(u.port) } : {}),
    path: u.pathname,
    headers: { host: u.host, 'content-type': 'application/json', accept },
    body,
  });
  const signer = new SignatureV4({ service: SIGNING_SERVICE, region, credentials, sha256: Sha256 });
  const signed = await signer.sign(request, { signingDate: now });
  return signed.headers;
}

/**
 * Checks a received request's SigV4 signature by signing the same request
 * again with the known secret (what AWS does on its side). Used by the
 * loopback fake; answers why the request is refused, or undefined.
 */
export async function verifySignature(
  req: { method: string; path: string; headers: Record<string, string | string[] | undefined>; rawBody: string },
  secretFor: (accessKeyId: string, sessionToken: string | undefined) => string | undefined,
  now = Date.now(),
): Promise<{ type: 'UnrecognizedClientException' | 'InvalidSignatureException' | 'IncompleteSignatureException'; message: string } | undefined> {
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const auth = header('authorization') ?? '';
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) return { type: 'IncompleteSignatureException', message: 'Authorization header requires Credential, SignedHeaders and Signature' };
  const [, accessKeyId, day, region, service, signedList] = m as unknown as [string, string, string, string, string, string];
  const amzDate = header('x-amz-date') ?? '';
  const when = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!when || amzDate.slice(0, 8) !== day) return { type: 'IncompleteSignatureException', message: 'x-amz-date is missing or does not match the credential scope' };
  const signingDate = new Date(Date.UTC(+when[1]!, +when[2]! - 1, +when[3]!, +when[4]!, +when[5]!, +when[6]!));
  if (Math.abs(now - signingDate.getTime()) > 5 * 60_000) return { type: 'InvalidSignatureException', message: 'Signature expired' };
  const sessionToken = header('x-amz-security-token');
  const secret = secretFor(accessKeyId, sessionToken);
  if (!secret) return { type: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };
  const signed = signedList.split(';');
  if (!signed.includes('host')) return { type: 'InvalidSignatureException', message: 'host must be a signed header' };
  if (sessionToken && !signed.includes('x-amz-security-token')) return { type: 'InvalidSignatureException', message: 'x-amz-security-token must be signed' };
  const headers: Record<string, string> = {};
  for (const name of signed) headers[name] = header(name) ?? '';
  const u = new URL(req.path, 'http://placeholder');
  const again = await new SignatureV4({
    service,
    region,
    credentials: { accessKeyId, secretAccessKey: secret, ...(sessionToken ? { sessionToken } : {}) },
    sha256: Sha256,
  }).sign(new HttpRequest({ method: req.method, hostname: headers.host ?? '', path: u.pathname, headers, body: req.rawBody }), {
    signingDate,
    // Only what the client signed: headers it sent unsigned (content-length) stay out.
    signableHeaders: new Set(signed),
  });
  if (again.headers.authorization !== auth) {
    return { type: 'InvalidSignatureException', message: 'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method.' };
  }
  return undefined;
}

const codec = new EventStreamCodec(toUtf8, fromUtf8);

/** The messages of an application/vnd.amazon.eventstream body, as they complete (checksums verified). */
export async function* eventStreamMessages(body: AsyncIterable<Uint8Array>): AsyncGenerator<Message> {
  for await (const bytes of getChunkedStream(body)) yield codec.decode(bytes);
}

/** One event-stream message (the fake's side of the wire). */
export function encodeEvent(headers: Record<string, string>, payload: unknown): Uint8Array {
  const tagged: Message['headers'] = {};
  for (const [name, value] of Object.entries(headers)) tagged[name] = { type: 'string', value };
  return codec.encode({ headers: tagged, body: fromUtf8(JSON.stringify(payload)) });
}

export function headerValue(message: Message, name: string): string | undefined {
  const h = message.headers[name];
  return h && h.type === 'string' ? h.value : undefined;
}

// Cross-region inference profiles: a geography prefix on the model id routes
// the call within that geography, and is only offered from its regions.
const PROFILE_REGIONS: Record<string, (region: string) => boolean> = {
  us: (r) => r.startsWith('us-') && !r.startsWith('us-gov-'),
  'us-gov': (r) => r.startsWith('us-gov-'),
  eu: (r) => r.startsWith('eu-'),
  apac: (r) => r.startsWith('ap-'),
  jp: (r) => r.startsWith('ap-northeast-'),
  au: (r) => r.startsWith('ap-southeast-'),
  ca: (r) => r.startsWith('ca-'),
  global: (r) => !r.startsWith('us-gov-') && !r.startsWith('cn-'),
};

const PROFILE_PREFIX = /^(us-gov|us|eu|apac|jp|au|ca|global)\.(?=[a-z0-9-]+\.)/;

/** The base model id of a model id that may carry an inference-profile prefix (us.anthropic.claude-… -> anthropic.claude-…). */
export function baseModelId(model: string): string {
  return model.replace(PROFILE_PREFIX, '');
}

/** Refuses an inference profile the configured region cannot call (eu.* from us-east-1), before the call. */
export function checkProfileRegion(model: string, region: string): void {
  const geo = PROFILE_PREFIX.exec(model)?.[1];
  if (geo && !PROFILE_REGIONS[geo]!(region)) {
    throw unsupported('bedrock', `the inference profile ${model} from region ${region}`, `${geo}. profiles are called from ${geo === 'global' ? 'any commercial region' : `${geo} regions`}; set BEDROCK_REGION or use the profile of ${region}'s geography`, 'model');
  }
}
