// The secrets the gateway itself sends upstream (the operator's keys, a
// caller's X-Provider-Key, any token in a header or a query string), known by
// value, so that a provider echoing one ("Incorrect API key provided: …")
// never hands it on: not to the caller, the log, a stored task error. Shapes
// alone miss a key without a well-known prefix (an operator's short key, a
// provider's new format); the shapes stay as a second net for what was never
// sent from this process (a key echoed back from elsewhere).
//
// providers/transport/http.ts remembers every secret as it sends it (and cuts
// the ones of that request out of the error it makes); every place where
// upstream text becomes an answer, a log line or a stored error passes it
// through withoutSecrets (core/errors.ts, the logger).

// Shorter values are not treated as secrets: cutting every "abc" out of every
// message would say nothing useful and a key that short protects nothing.
const MIN_LENGTH = 6;
// Remembered values, each with when it was last sent and the forms it takes
// in text (worked out once: every log line is checked against all of them). A caller's key is kept
// for a while after its last call (its failure may be logged or stored a
// little later); the operator's keys are sent all the time and stay.
const KEEP_MS = 60 * 60_000;
const MAX_REMEMBERED = 2_000;
const remembered = new Map<string, { at: number; forms: string[] }>();
// Re-stamping a value at most this often keeps the hot path to one Map lookup.
const RESTAMP_MS = 60_000;

/** Remembers a value the gateway is sending upstream as a secret (no-op for short ones). */
export function rememberSecret(value: string | undefined): void {
  if (!value || value.length < MIN_LENGTH) return;
  const now = Date.now();
  const seen = remembered.get(value);
  if (seen !== undefined && now - seen.at < RESTAMP_MS) return;
  // Deleted and set again: the Map's order is the order of last use, oldest first.
  remembered.delete(value);
  remembered.set(value, { at: now, forms: seen?.forms ?? formsOf(value) });
  if (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
}

const SECRET_NAME = /auth|key|token|secret|signature|password|credential|session/i;

/**
 * The secrets in an outgoing request: its API key, the values of headers named
 * like credentials (a bearer token also on its own), and query parameters
 * named so. Each is remembered, and the list is returned for the request's own errors.
 */
export function secretsSent(apiKey: string | undefined, headers: Record<string, string>, url: string): string[] {
  const sent: string[] = [];
  const add = (value: string | undefined) => {
    if (value && value.length >= MIN_LENGTH && !sent.includes(value)) {
      sent.push(value);
      rememberSecret(value);
    }
  };
  add(apiKey);
  for (const name in headers) {
    if (!SECRET_NAME.test(name)) continue;
    const value = headers[name]!;
    add(value);
    const space = value.indexOf(' ');
    if (space > 0) add(value.slice(space + 1).trim());
  }
  const query = url.indexOf('?');
  if (query >= 0) {
    for (const [name, value] of new URLSearchParams(url.slice(query + 1))) if (SECRET_NAME.test(name)) add(value);
  }
  return sent;
}

// Key shapes of the providers and of our own keys, and bearer tokens.
const SECRET_SHAPE = /\b(sk-(?:ant-|proj-)?|sk_|xai-|pplx-|gsk_|hf_|r8_|AIza|gw_live_|an_live_|an_read_|Bearer\s+)[\w.~+/=-]{6,}/g;
const PREFIX = /^(sk-(?:ant-|proj-)?|sk_|xai-|pplx-|gsk_|hf_|r8_|AIza|gw_live_|an_live_|an_read_)/;

/** What a secret becomes: its well-known prefix, if it has one, and an ellipsis. */
function placeholder(value: string): string {
  return `${PREFIX.exec(value)?.[1] ?? ''}…`;
}

/** The forms a value takes in text: as is, URL-encoded, inside a JSON string. */
function formsOf(value: string): string[] {
  const forms = [value];
  const encoded = encodeURIComponent(value);
  if (encoded !== value) forms.push(encoded);
  const json = JSON.stringify(value).slice(1, -1);
  if (json !== value) forms.push(json);
  return forms;
}

function cutForms(text: string, value: string, forms: readonly string[]): string {
  for (const form of forms) if (text.includes(form)) text = text.replaceAll(form, placeholder(value));
  return text;
}

/** `text` without the given values (the secrets of one request). */
export function withoutValues(text: string, values: readonly string[]): string {
  for (const value of values) text = cutForms(text, value, formsOf(value));
  return text;
}

function pruneOld(): void {
  const oldest = Date.now() - KEEP_MS;
  for (const [value, { at }] of remembered) {
    if (at >= oldest) break;
    remembered.delete(value);
  }
}

/** `text` with every remembered secret cut out by value, then anything shaped like a key cut to its prefix. */
export function withoutSecrets(text: string): string {
  if (remembered.size) {
    pruneOld();
    for (const [value, { forms }] of remembered) text = cutForms(text, value, forms);
  }
  return text.replace(SECRET_SHAPE, '$1…');
}
