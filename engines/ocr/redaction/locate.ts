// From matches in a line's text to boxes on the image. A line's text is its
// words joined (engines/ocr/read.ts), so each character belongs to a word or
// to the space between two; a match takes the boxes of the words it touches.
import { joinWords, type Box, type Line } from '../read.ts';
import type { TextMatch } from '../../../protocols/redaction.ts';

/** Below this word confidence the text shown may not be what is there: the whole line goes. */
export const MIN_WORD_CONFIDENCE = 0.6;

export interface Located {
  text: string;
  bbox: Box;
  granularity: 'word' | 'line';
}

/** Character ranges of each word in joinWords' output. */
function wordSpans(line: Line): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  let joined = '';
  for (const word of line.words) {
    joined = joinWords([joined, word.text].filter(Boolean));
    spans.push({ start: joined.length - word.text.length, end: joined.length });
  }
  return spans;
}

export function union(boxes: Box[]): Box {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

export function locate(line: Line, match: TextMatch): Located | undefined {
  const spans = wordSpans(line);
  const touched = line.words.filter((_, i) => spans[i]!.start < match.end && spans[i]!.end > match.start);
  if (!touched.length) return undefined;
  if (touched.some((w) => w.confidence < MIN_WORD_CONFIDENCE)) return { text: match.text, bbox: line.bbox, granularity: 'line' };
  return { text: match.text, bbox: union(touched.map((w) => w.bbox)), granularity: 'word' };
}
