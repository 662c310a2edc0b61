// The canonical model of a conversational voice agent: what core composes
// from a template, and what a provider maps to its own agent, tools and
// post-call webhook. Only elevenlabs runs agents today.

/** The system tools a template may give its agent (document 2's list). */
export const AGENT_SYSTEM_TOOLS = [
  'end_call',
  'language_detection',
  'transfer_to_agent',
  'transfer_to_number',
  'skip_turn',
  'play_keypad_touch_tone',
  'voicemail_detection',
] as const;
export type AgentSystemTool = (typeof AGENT_SYSTEM_TOOLS)[number];

export interface AgentVoiceSettings {
  stability?: number;
  speed?: number;
  similarityBoost?: number;
}

/** The voice agent as it is to be configured upstream: prompt and first message already composed. */
export interface VoiceAgentSpec {
  name: string;
  /** The template's prompt with the disclosure rule, interview questions and tool instructions. */
  systemPrompt: string;
  /** Null: the agent waits for the caller to speak first. */
  firstMessage: string | null;
  /** Primary language subtag (pt-br kept), as agents take it. */
  language: string;
  voiceId: string | null;
  /** Null: the provider's default for the language. */
  voiceModel: string | null;
  voiceSettings: AgentVoiceSettings | null;
  /** Null: the provider's default LLM. */
  llmModel: string | null;
  tools: Array<{ name: AgentSystemTool; description?: string }>;
  maxDurationSeconds: number;
  /** Days the provider keeps a conversation (its recording and transcript) at most. */
  retentionDays: number;
  tags: string[];
}

/** How the agent calls the gateway back: where, and with which secret and constants. */
export interface AgentWiring {
  templateId: number;
  templateName: string;
  /** Sent as X-Webhook-Secret by the tools and the post-call webhook. */
  secret: string;
  contextUrl: string;
  eventUrl: string;
  completeUrl: string;
  /** Interview agents report each answer as an event. */
  interview: boolean;
}

/** The dynamic variables a conversation is started with, and which the tools send back. */
export const SESSION_VARIABLE = 'session_id';
export const TEMPLATE_VARIABLE = 'template_id';

/** The upstream parts one template is made of, in the order they are created. */
export const AGENT_PARTS = ['contextTool', 'eventTool', 'webhook', 'agent'] as const;
export type AgentPart = (typeof AGENT_PARTS)[number];
export type UpstreamAgent = Record<AgentPart, string>;

/** A conversation URL, and the conversation id when the provider gave one. */
export interface SignedConversation {
  signedUrl: string;
  conversationId?: string;
}

export interface TranscriptTurn {
  role: 'agent' | 'user';
  message: string | null;
  timeInCallSecs?: number;
}

/** What the provider reports when a conversation has ended (its post-call webhook). */
export interface PostCallReport {
  agentId: string;
  conversationId: string;
  durationSeconds: number;
  successful: boolean;
  endedAt?: Date;
  transcript: TranscriptTurn[];
  analysis?: Record<string, unknown>;
  dynamicVariables: Record<string, unknown>;
  /** False when the provider says there is no recording. */
  hasAudio?: boolean;
}
