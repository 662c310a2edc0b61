// PostgreSQL's json and jsonb refuse two things JSON.stringify may write: the
// escape \u0000 (text columns cannot hold NUL either) and a lone UTF-16
// surrogate escape such as \ud800. Provider output is not ours to vet (a model
// may emit either), and one refused value must not fail a whole batch, so
// every JSON written to the database goes through here: each is replaced by
// U+FFFD, the replacement character, as a UTF-8 decoder does with bad bytes.

// A backslash pair is matched first so that an escaped backslash followed by
// the letters "u0000" is left alone.
const ESCAPES = /\\(?:\\|u0000|ud[89ab][0-9a-f]{2}(?:\\ud[c-f][0-9a-f]{2})?|ud[c-f][0-9a-f]{2})/gi;

function replace(match: string): string {
  if (match === '\\\\') return match;
  // A high surrogate followed by a low one is a valid pair.
  if (match.length === 12) return match;
  return '\\ufffd';
}

/** JSON.stringify(value), made acceptable to PostgreSQL's json types. */
export function storableJson(value: unknown): string {
  return storableJsonText(JSON.stringify(value));
}

/** The same for JSON text already made by JSON.stringify. */
export function storableJsonText(json: string): string {
  // JSON.stringify writes \u escapes only for control characters and lone surrogates: rare.
  return json.includes('\\u') ? json.replace(ESCAPES, replace) : json;
}
