// Conversational-agent templates: stored per API key, each synchronised to a
// voice agent upstream (core/agents/upstream.ts) on create, update and
// delete, so the two never disagree for long: a create stores nothing unless
// every upstream part exists; an update changes the row only once the
// upstream parts follow; a delete removes the agent before the row.
import type { AgentTemplate, AgentTemplateCreated, AgentTemplateInput, AgentTemplateUpdate } from '../../generated/gateway/types.gen.ts';
import { deleteAgentTemplate } from '../../db/gateway/deleteAgentTemplate.ts';
import { getAgentTemplate } from '../../db/gateway/getAgentTemplate.ts';
import { insertAgentTemplate } from '../../db/gateway/insertAgentTemplate.ts';
import { listAgentTemplates } from '../../db/gateway/listAgentTemplates.ts';
import { lockAgentTemplate } from '../../db/gateway/lockAgentTemplate.ts';
import { nextAgentTemplateId } from '../../db/gateway/nextAgentTemplateId.ts';
import { updateAgentTemplate } from '../../db/gateway/updateAgentTemplate.ts';
import type { FieldError } from '../../protocols/errors.ts';
import { ApiError } from '../../protocols/errors.ts';
import { agentLanguage, voiceAgentSpec } from './prompt.ts';
import { columnsOf, fieldsOfInput, fieldsOfRow, templateRecord, type TemplateFields } from './records.ts';
import { checkWebhookUrl } from './relay.ts';
import { generateWebhookSecret, secretBox, webhookSecretHash } from './secrets.ts';
import { agentsProvider } from '../../providers/registry.ts';
import { agentsUpstream, createParts, deleteParts, publicUrl, removeOrRecord, updateParts, wiringOf, type AgentsDeps } from './upstream.ts';

function notFound(id: number): ApiError {
  return new ApiError('not_found', `No template ${id}`, { code: 'not_found' });
}

/** The rules across fields the schema cannot say, and what the provider's agents cannot do. */
function checkRules(f: TemplateFields): void {
  const problems: FieldError[] = [];
  if (f.type !== 'interview' && f.questions.length) problems.push({ path: 'body.questions', message: 'questions are only for templates of type interview' });
  const names = f.tools.map((t) => t.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) problems.push({ path: 'body.tools', message: `${twice} is listed twice` });
  if ((f.llmProvider === null) !== (f.llmModel === null)) problems.push({ path: 'body.llmModel', message: 'llmProvider and llmModel are given (or cleared) together' });
  for (const p of agentsProvider()?.checkTemplate({ language: agentLanguage(f.language), voiceModel: f.voiceModel, llmProvider: f.llmProvider, llmModel: f.llmModel }) ?? []) {
    problems.push({ path: `body.${p.field}`, message: p.message });
  }
  if (problems.length) {
    throw new ApiError('invalid_request', problems.map((p) => p.message).join('; '), { code: 'invalid_template', fields: problems, param: problems[0]!.path.slice(5) });
  }
}

export async function createTemplate(deps: AgentsDeps, keyId: string, input: AgentTemplateInput): Promise<AgentTemplateCreated> {
  const fields = fieldsOfInput(input);
  checkRules(fields);
  if (fields.clientWebhookUrl) await checkWebhookUrl(fields.clientWebhookUrl);
  const up = agentsUpstream();
  const base = publicUrl(deps.env);
  const box = await secretBox(deps.env);
  const secret = input.webhookSecret ?? generateWebhookSecret();

  const id = await nextAgentTemplateId(deps.db);
  const ids = await createParts(deps, up, voiceAgentSpec(fields, id), wiringOf(id, fields.name, fields.type, secret, base));
  try {
    const row = await insertAgentTemplate(deps.db, {
      id,
      key_id: keyId,
      ...columnsOf(fields),
      webhook_secret_hash: webhookSecretHash(secret),
      webhook_secret_sealed: box.seal(secret),
      agent_id: ids.agent,
      upstream: { ...ids, publicUrl: base },
    });
    return { ...templateRecord(row), webhookSecret: secret };
  } catch (err) {
    // The parts exist but the template could not be stored: they must not outlive it.
    await removeOrRecord(deps, up, 'agent', ids.agent, 'the template could not be stored');
    for (const part of ['contextTool', 'eventTool', 'webhook'] as const) await removeOrRecord(deps, up, part, ids[part], 'the template could not be stored');
    throw err;
  }
}

export async function listTemplates(deps: AgentsDeps, keyId: string, limit: number): Promise<AgentTemplate[]> {
  return (await listAgentTemplates(deps.db, keyId, limit)).map(templateRecord);
}

export async function getTemplate(deps: AgentsDeps, keyId: string, id: number): Promise<AgentTemplate> {
  const row = await getAgentTemplate(deps.db, id, keyId);
  if (!row) throw notFound(id);
  return templateRecord(row);
}

/** The fields after a partial update: sent fields replace, null clears. */
function merged(before: TemplateFields, patch: AgentTemplateUpdate): TemplateFields {
  const after: TemplateFields = { ...before };
  const set = <K extends keyof TemplateFields>(key: K, value: TemplateFields[K] | undefined) => {
    if (value !== undefined) after[key] = value;
  };
  set('name', patch.name);
  set('type', patch.type);
  set('systemPrompt', patch.systemPrompt);
  set('firstMessage', patch.firstMessage);
  set('voiceId', patch.voiceId);
  set('voiceModel', patch.voiceModel);
  set('voiceSettings', patch.voiceSettings);
  set('language', patch.language);
  set('llmProvider', patch.llmProvider as TemplateFields['llmProvider'] | undefined);
  set('llmModel', patch.llmModel);
  set('tag', patch.tag);
  set('clientWebhookUrl', patch.clientWebhookUrl);
  set('maxDurationSeconds', patch.maxDurationSeconds);
  set('aiDisclosure', patch.aiDisclosure);
  if (patch.tools) after.tools = fieldsOfInput({ ...requiredOf(before), tools: patch.tools }).tools;
  if (patch.questions) after.questions = fieldsOfInput({ ...requiredOf(before), questions: patch.questions }).questions;
  return after;
}

function requiredOf(f: TemplateFields): Pick<AgentTemplateInput, 'name' | 'type' | 'systemPrompt'> {
  return { name: f.name, type: f.type, systemPrompt: f.systemPrompt };
}

export async function updateTemplate(deps: AgentsDeps, keyId: string, id: number, patch: AgentTemplateUpdate): Promise<AgentTemplate> {
  return deps.db.transaction(async (trx) => {
    // Locked while upstream follows: two updates of one template do not interleave their upstream calls.
    const row = await lockAgentTemplate(trx, id, keyId);
    if (!row) throw notFound(id);
    const before = fieldsOfRow(row);
    const after = merged(before, patch);
    checkRules(after);
    if (patch.clientWebhookUrl) await checkWebhookUrl(patch.clientWebhookUrl);
    const up = agentsUpstream();
    const base = publicUrl(deps.env);
    const box = await secretBox(deps.env);
    const oldSecret = box.open(row.webhook_secret_sealed);
    const newSecret = patch.webhookSecret ?? oldSecret;
    const { publicUrl: oldBase, ...ids } = row.upstream;

    const parts = await updateParts(
      deps,
      up,
      ids,
      { spec: voiceAgentSpec(before, id), wiring: wiringOf(id, before.name, before.type, oldSecret, oldBase) },
      { spec: voiceAgentSpec(after, id), wiring: wiringOf(id, after.name, after.type, newSecret, base) },
    );
    try {
      const rotated = patch.webhookSecret !== undefined;
      const updated = await updateAgentTemplate(
        trx,
        id,
        {
          ...columnsOf(after),
          agent_id: parts.ids.agent,
          upstream: { ...parts.ids, publicUrl: base },
          ...(rotated ? { webhook_secret_hash: webhookSecretHash(newSecret), webhook_secret_sealed: box.seal(newSecret) } : {}),
        },
        { secretRotated: rotated },
      );
      await parts.finish();
      return templateRecord(updated);
    } catch (err) {
      await parts.revert();
      throw err;
    }
  });
}

export async function deleteTemplate(deps: AgentsDeps, keyId: string, id: number): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const row = await lockAgentTemplate(trx, id, keyId);
    if (!row) throw notFound(id);
    const { publicUrl: _base, ...ids } = row.upstream;
    await deleteParts(deps, agentsUpstream(), ids);
    await deleteAgentTemplate(trx, id);
  });
}
