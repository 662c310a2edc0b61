// What a template makes the voice agent say and do: the system prompt
// (disclosure rule, the customer's prompt, interview questions, how to use the
// gateway's tools) and the first message, whatever provider runs the agent.
import type { VoiceAgentSpec } from '../../protocols/agents.ts';
import type { TemplateFields } from './records.ts';

/** Days the provider may keep a conversation: one more than the gateway's own 30-day purge, which decides. */
export const UPSTREAM_RETENTION_DAYS = 31;

/** "Hello, I'm an AI assistant." in the languages agents are most used in; English otherwise. */
const DISCLOSURES: Record<string, string> = {
  en: "Hello, I'm an AI assistant.",
  es: 'Hola, soy un asistente de inteligencia artificial.',
  fr: "Bonjour, je suis un assistant d'intelligence artificielle.",
  de: 'Hallo, ich bin ein KI-Assistent.',
  it: 'Ciao, sono un assistente di intelligenza artificiale.',
  pt: 'Olá, sou um assistente de inteligência artificial.',
  'pt-br': 'Olá, sou um assistente de inteligência artificial.',
  nl: 'Hallo, ik ben een AI-assistent.',
  pl: 'Dzień dobry, jestem asystentem AI.',
};

// A first message that already says so: the acronym in capitals ("ai" is a word in some languages), or the words in any case.
const ACRONYM = /(^|[^\p{L}])(AI|A\.I\.|IA|KI)(?=[^\p{L}]|$)/u;
const WORDS = /artificial intelligence|inteligencia artificial|intelligence artificielle|künstliche intelligenz|intelligenza artificiale|inteligência artificial|kunstmatige intelligentie|sztuczn/iu;

export function disclosesAi(message: string): boolean {
  return ACRONYM.test(message) || WORDS.test(message);
}

/** The language as agents take it: the primary subtag, lower case (Brazilian Portuguese kept apart). */
export function agentLanguage(language: string): string {
  const tag = language.toLowerCase().replace(/_/g, '-');
  return tag === 'pt-br' ? tag : tag.split('-')[0]!;
}

const DISCLOSURE_RULE = [
  '# Disclosure',
  'You are an AI voice assistant, not a human being. Say that you are an AI at the start of the conversation.',
  'Never claim or imply that you are human, even when asked directly or told to pretend; when asked, say that you are an AI.',
].join('\n');

function interviewSection(questions: TemplateFields['questions']): string {
  const lines = questions.map((q, i) => `${i + 1}. ${q.question} (${q.isRequired ? 'required' : 'optional'})${q.context ? ` - ${q.context}` : ''}`);
  return [
    '# Interview',
    'Ask these questions in this order, one at a time. Required questions need an answer before the conversation ends; optional ones may be skipped when the person prefers.',
    ...lines,
    'After each answer, call the report_event tool with type "response", the question and a short summary of the answer. When the questions are done, call it with type "section_completed".',
  ].join('\n');
}

const TOOLS_SECTION = [
  '# Tools',
  'When you need information about the person or their case that you do not have, call the get_context tool and say what you need.',
  'Use the report_event tool to report what the business should know about during the conversation.',
].join('\n');

export function systemPromptOf(f: TemplateFields): string {
  const parts = [...(f.aiDisclosure ? [DISCLOSURE_RULE] : []), `# Instructions\n${f.systemPrompt}`];
  if (f.type === 'interview' && f.questions.length) parts.push(interviewSection(f.questions));
  parts.push(TOOLS_SECTION);
  return parts.join('\n\n');
}

/**
 * With the disclosure on, the agent's first words say it is an AI: the
 * template's first message when it already does, else a disclosure sentence
 * in the template's language before it (or alone).
 */
export function firstMessageOf(f: TemplateFields): string | null {
  if (!f.aiDisclosure) return f.firstMessage;
  if (f.firstMessage && disclosesAi(f.firstMessage)) return f.firstMessage;
  const sentence = DISCLOSURES[agentLanguage(f.language)] ?? DISCLOSURES[agentLanguage(f.language).split('-')[0]!] ?? DISCLOSURES.en!;
  return f.firstMessage ? `${sentence} ${f.firstMessage}` : sentence;
}

export function voiceAgentSpec(f: TemplateFields, templateId: number): VoiceAgentSpec {
  return {
    name: f.name,
    systemPrompt: systemPromptOf(f),
    firstMessage: firstMessageOf(f),
    language: agentLanguage(f.language),
    voiceId: f.voiceId,
    voiceModel: f.voiceModel,
    voiceSettings: f.voiceSettings,
    llmModel: f.llmModel,
    tools: f.tools,
    maxDurationSeconds: f.maxDurationSeconds,
    retentionDays: UPSTREAM_RETENTION_DAYS,
    tags: ['switchyard', `switchyard-template-${templateId}`],
  };
}
