// Word error rate of the local runtime's transcription (pocketsphinx, US
// English model, no prompt) on recorded human speech that Debian ships: the
// spoken channel names of alsa-utils (/usr/share/sounds/alsa) and the
// LibriVox and playing-card recordings of pocketsphinx-testdata, each with
// its transcript. A set whose package is not installed is left out.
// `node runtimes/local-audio/wer.ts` (the runtime's own folder: bench/ sits
// beside runtimes/ and may not import it).
import { existsSync, readFileSync } from 'node:fs';
import { editDistance } from '../../engines/ocr/testing/metrics.ts';
import { close, transcribe } from './engines.ts';

const TESTDATA = '/usr/share/pocketsphinx/test/data/';
const ALSA = '/usr/share/sounds/alsa/';

function clips(): Array<{ set: string; file: string; truth: string }> {
  const out: Array<{ set: string; file: string; truth: string }> = [];
  for (const [set, list] of [['librivox', 'librivox/transcription'], ['cards', 'cards/cards.transcription']] as const) {
    if (!existsSync(TESTDATA + list)) continue;
    for (const line of readFileSync(TESTDATA + list, 'utf8').trim().split('\n')) {
      const m = /<s> (.*?)\s*<\/s> \((.*)\)/.exec(line);
      if (m) out.push({ set, file: `${TESTDATA}${set}/${m[2]}.wav`, truth: m[1]! });
    }
  }
  for (const name of ['Front_Left', 'Front_Right', 'Front_Center', 'Rear_Left', 'Rear_Right', 'Rear_Center', 'Side_Left', 'Side_Right']) {
    if (existsSync(`${ALSA}${name}.wav`)) out.push({ set: 'alsa channel names', file: `${ALSA}${name}.wav`, truth: name.replace('_', ' ') });
  }
  return out;
}

const words = (s: string) => s.toLowerCase().replace(/[^a-z' ]/g, ' ').split(/\s+/).filter(Boolean);

export async function runSpeechBench() {
  const sums = new Map<string, { errors: number; words: number }>();
  try {
    for (const c of clips()) {
      const heard = (await transcribe(readFileSync(c.file), {})).text;
      const errors = editDistance(words(heard), words(c.truth));
      const s = sums.get(c.set) ?? { errors: 0, words: 0 };
      sums.set(c.set, { errors: s.errors + errors, words: s.words + words(c.truth).length });
      console.log(`${c.set}: "${c.truth}" -> "${heard}" (${errors})`);
    }
  } finally {
    await close();
  }
  const out: Record<string, number> = {};
  for (const [set, s] of sums) {
    out[set] = s.errors / s.words;
    console.log(`${set}: WER ${((100 * s.errors) / s.words).toFixed(1)}% (${s.errors} of ${s.words} words)`);
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) await runSpeechBench();
