// Content parts of the /v1 protocols. A message's content is a string or an
// array of typed parts; each protocol names its part types its own way, so
// each gives a grammar (a reader per part type, and its words for any other
// type) and this one reader walks the array, checks each part, and names
// every field by its path (`messages[1].content[0].text`).
import type { ContentPart } from './canonical.ts';
import { array, invalid, object, string, type Json } from './compat.ts';

/** Reads one part, already known to be an object, found at `at`. */
export type PartReader<T> = (part: Json, at: string) => T;

export interface PartGrammar<T> {
  /** A reader per part type the protocol allows here. */
  readers: Readonly<Record<string, PartReader<T>>>;
  /** The refusal of a part of any other type. */
  unknown(type: string): string;
}

/** Each part of the content array at `param`, read by its type's reader. */
export function readParts<T>(content: unknown, param: string, grammar: PartGrammar<T>): T[] {
  return array(content, param).map((p, i) => {
    const at = `${param}[${i}]`;
    const part = object(p, at);
    const type = String(part.type);
    if (!Object.hasOwn(grammar.readers, type)) throw invalid(`${at}.type`, grammar.unknown(type));
    return grammar.readers[type]!(part, at);
  });
}

/** Content that can only be text: a string as it is, or the text of its parts joined. */
export function textContent(content: unknown, param: string, grammar: PartGrammar<string>, separator: string): string {
  return typeof content === 'string' ? content : readParts(content, param, grammar).join(separator);
}

/** Content that may hold images too: a string as it is, or its parts. */
export function richContent(content: unknown, param: string, grammar: PartGrammar<ContentPart>): string | ContentPart[] {
  return typeof content === 'string' ? content : readParts(content, param, grammar);
}

export const textOfPart: PartReader<string> = (part, at) => string(part.text, `${at}.text`);
export const refusalOfPart: PartReader<string> = (part, at) => string(part.refusal, `${at}.refusal`);
export const textPart: PartReader<ContentPart> = (part, at) => ({ type: 'text', text: textOfPart(part, at) });

export const onlyText = (type: string): string => `Only text parts are allowed here, got "${type}"`;
