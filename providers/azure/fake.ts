// Azure OpenAI's data plane on loopback, at the resource's root: the v1 API
// (/openai/v1/<op>, the deployment as the body's model) and the dated API
// (/openai/deployments/<deployment>/<op>?api-version=...), an api-key header
// or an Entra bearer token, Azure's error bodies ({error: {code, message}}
// with string codes), its content filter (a prompt saying FORBIDDEN is
// refused with 400 content_filter and the categories under innererror), a
// stream whose first chunk carries only prompt_filter_results, and
// content_filter_results on every choice.
import type { ServerResponse } from 'node:http';
import { chatRoute, embeddingsRoute, openaiUsageShape } from '../openai/fake.ts';
import { samplePng } from '../testing/mediaFake.ts';
import { startFakeServer, type CapturedRequest, type Fake, type Render } from '../testing/fake.ts';

export const FAKE_AD_TOKEN = 'entra-test-token-0123456789';
export const FAKE_API_VERSION = '2024-10-21';

const SAFE = {
  hate: { filtered: false, severity: 'safe' },
  self_harm: { filtered: false, severity: 'safe' },
  sexual: { filtered: false, severity: 'safe' },
  violence: { filtered: false, severity: 'safe' },
};

/** The body Azure answers a prompt its content policy refuses with (HTTP 400). */
export function contentFilterBody(): Record<string, unknown> {
  return {
    error: {
      message:
        "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. Please modify your prompt and retry.",
      type: null,
      param: 'prompt',
      code: 'content_filter',
      status: 400,
      innererror: {
        code: 'ResponsibleAIPolicyViolation',
        content_filter_result: { ...SAFE, violence: { filtered: true, severity: 'high' }, jailbreak: { filtered: false, detected: false } },
      },
    },
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export interface AzureFakeOptions {
  /** Deployments the resource has; any name when absent. */
  deployments?: string[];
  /** The api-key it accepts. */
  key?: string;
  /** Whether an Entra ID bearer token other than FAKE_AD_TOKEN is good (asked of the identity provider that issued it). */
  bearer?: (token: string) => boolean | Promise<boolean>;
}

export function startFake(opts: AzureFakeOptions = {}): Promise<Fake> {
  const key = opts.key ?? 'sk-test';
  const chat = chatRoute({
    prefix: '',
    streamUsage: 'option',
    usage: openaiUsageShape,
    errorBody: (status, message) => ({ error: { code: String(status), message } }),
    firstChunk: () => ({ choices: [], created: 0, id: '', model: '', object: '', prompt_filter_results: [{ prompt_index: 0, content_filter_results: SAFE }] }),
    choiceExtras: () => ({ content_filter_results: SAFE }),
  });
  const images: Render = (req, _reply, res) => {
    const n = req.body?.n ?? 1;
    json(res, 200, { created: 1_763_800_000, data: Array.from({ length: n }, (_, i) => ({ b64_json: samplePng(i + 1).toString('base64'), revised_prompt: req.body?.prompt, content_filter_results: SAFE })) });
  };
  const ops: Record<string, Render> = { 'chat/completions': chat, embeddings: embeddingsRoute, 'images/generations': images };

  /** Azure's checks before any operation: the credential, the API version, the deployment, the content filter. */
  const guarded =
    (op: Render, deployment: (req: CapturedRequest) => string | undefined, dated: boolean): Render =>
    async (req, reply, res, signal) => {
      const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
      const tokenGood = bearer !== undefined && (bearer === FAKE_AD_TOKEN || ((await opts.bearer?.(bearer)) ?? false));
      if (req.headers['api-key'] !== key && !tokenGood) {
        return json(res, 401, { error: { code: '401', message: 'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.' } });
      }
      const version = new URL(req.path, 'http://fake').searchParams.get('api-version');
      if (dated && !version) return json(res, 404, { error: { code: '404', message: 'Resource not found' } });
      const name = deployment(req);
      if (!name || (opts.deployments && !opts.deployments.includes(name))) {
        return json(res, 404, { error: { code: 'DeploymentNotFound', message: 'The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.' } });
      }
      if (JSON.stringify(req.body?.messages ?? req.body?.prompt ?? '').includes('FORBIDDEN')) return json(res, 400, contentFilterBody());
      return op(req, reply, res, signal);
    };

  return startFakeServer({
    prefix: '',
    routes: {},
    match(method, path) {
      if (method !== 'POST') return undefined;
      const v1 = /^\/openai\/v1\/(.+)$/.exec(path);
      if (v1 && ops[v1[1]!]) return guarded(ops[v1[1]!]!, (req) => req.body?.model, false);
      const dated = /^\/openai\/deployments\/([^/]+)\/(.+)$/.exec(path);
      if (dated && ops[dated[2]!]) return guarded(ops[dated[2]!]!, () => decodeURIComponent(dated[1]!), true);
      return undefined;
    },
  });
}
