// Word error rate of the local runtime's recognisers (Moonshine tiny and
// pocketsphinx with its US English model, no prompt) on recorded human speech
// that Debian ships: the spoken channel names of alsa-utils
// (/usr/share/sounds/alsa) and the LibriVox and playing-card recordings of
// pocketsphinx-testdata, each with its transcript. A set whose package is not
// installed is left out, as is pocketsphinx when it is not installed. CPU
// seconds per second of audio count the process's threads and its child
// processes (pocketsphinx runs as one), after each model's first load.
// `node runtimes/local-audio/wer.ts [moonshine-tiny|pocketsphinx]` (the
// runtime's own folder: bench/ sits beside runtimes/ and may not import it).
import { existsSync, readFileSync } from 'node:fs';
import { editDistance } from '../../engines/ocr/testing/metrics.ts';
import { close, transcribe, type SttEngine } from './engines.ts';
import { readWav } from './wav.ts';

const TESTDATA = '/usr/share/pocketsphinx/test/data/';
const ALSA = '/usr/share/sounds/alsa/';

export interface Clip {
  set: string;
  file: string;
  truth: string;
}

export function clips(): Clip[] {
  const out: Clip[] = [];
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

const SPOKEN: Record<string, string> = { mr: 'mister', mrs: 'missus', dr: 'doctor', '1': 'one', '2': 'two', '3': 'three', '4': 'four', '5': 'five', '6': 'six', '7': 'seven', '8': 'eight', '9': 'nine', '10': 'ten' };

/** Words as the transcripts spell them: lower case, no punctuation, "Mr." and small numerals written out. */
export function words(s: string): string[] {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9' ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => SPOKEN[w] ?? w);
}

/** Word errors (substitutions, insertions, deletions) of what was heard against the truth. */
export function wordErrors(heard: string, truth: string): number {
  return editDistance(words(heard), words(truth));
}

/** CPU seconds of this process's threads and of its children that have exited (Linux /proc; this process alone elsewhere). */
function cpuSeconds(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // utime, stime, cutime, cstime: fields 14 to 17, in clock ticks (USER_HZ, 100 on Linux).
    return fields.slice(11, 15).reduce((sum, v) => sum + Number(v), 0) / 100;
  } catch {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  }
}

function secondsOf(file: string): number {
  const pcm = readWav(readFileSync(file));
  return pcm.samples.length / pcm.channels / pcm.sampleRate;
}

export interface EngineFigures {
  wer: Record<string, number>;
  cpuPerAudioSecond: number;
}

export async function runSpeechBench(engines: SttEngine[] = ['moonshine-tiny', 'pocketsphinx']): Promise<Partial<Record<SttEngine, EngineFigures>>> {
  const all = clips();
  const result: Partial<Record<SttEngine, EngineFigures>> = {};
  try {
    for (const engine of engines) {
      if (!all.length) break;
      // The first call loads the model (Moonshine) or finds the program is missing (pocketsphinx).
      const ready = await transcribe(readFileSync(all[0]!.file), { engine }).then(
        () => true,
        (err: Error) => (console.log(`${engine}: left out (${err.message})`), false),
      );
      if (!ready) continue;
      const sums = new Map<string, { errors: number; words: number }>();
      let audio = 0;
      const cpu0 = cpuSeconds();
      for (const c of all) {
        const heard = (await transcribe(readFileSync(c.file), { engine })).text;
        const errors = wordErrors(heard, c.truth);
        const s = sums.get(c.set) ?? { errors: 0, words: 0 };
        sums.set(c.set, { errors: s.errors + errors, words: s.words + words(c.truth).length });
        audio += secondsOf(c.file);
        console.log(`${engine} ${c.set}: "${c.truth}" -> "${heard}" (${errors})`);
      }
      const cpuPerAudioSecond = (cpuSeconds() - cpu0) / audio;
      const wer: Record<string, number> = {};
      for (const [set, s] of sums) {
        wer[set] = s.errors / s.words;
        console.log(`${engine} ${set}: WER ${((100 * s.errors) / s.words).toFixed(1)}% (${s.errors} of ${s.words} words)`);
      }
      console.log(`${engine}: ${cpuPerAudioSecond.toFixed(3)} CPU s per audio s (${audio.toFixed(1)} s of audio)`);
      result[engine] = { wer, cpuPerAudioSecond };
    }
  } finally {
    await close();
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv[2] as SttEngine | undefined;
  await runSpeechBench(only ? [only] : undefined);
}
