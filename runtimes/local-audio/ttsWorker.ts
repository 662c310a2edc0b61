// Speech synthesis in a worker thread: mespeak is eSpeak compiled to
// JavaScript and runs synchronously, so it must not run on the event loop
// that answers HTTP. Voices are loaded once per worker, on first use.
import { createRequire } from 'node:module';
import { serveWorker, withTransfer } from '../../engines/workerServe.ts';

const require = createRequire(import.meta.url);

interface MeSpeak {
  loadConfig(config: unknown): void;
  loadVoice(voice: unknown): void;
  speak(text: string, options: Record<string, unknown>): Buffer | null;
}

let engine: MeSpeak | undefined;
const loaded = new Set<string>();

function meSpeak(): MeSpeak {
  if (!engine) {
    // mespeak logs "Not in browser" when loaded in Node; nothing to act on.
    const log = console.log;
    console.log = () => {};
    try {
      engine = require('mespeak') as MeSpeak;
    } finally {
      console.log = log;
    }
    engine.loadConfig(require('mespeak/src/mespeak_config.json'));
  }
  return engine;
}

serveWorker({
  speak: ({ text, voice, speed, pitch }: { text: string; voice: string; speed: number; pitch: number }) => {
    const m = meSpeak();
    if (!loaded.has(voice)) {
      m.loadVoice(require(`mespeak/voices/${voice}.json`));
      loaded.add(voice);
    }
    const wav = m.speak(text, { rawdata: 'buffer', voice: voice.split('/').pop(), speed, pitch });
    if (!wav) throw Object.assign(new Error('mespeak produced no audio'), { code: 'tts_failed' });
    const out = new Uint8Array(wav);
    return withTransfer(out, [out.buffer]);
  },
});
