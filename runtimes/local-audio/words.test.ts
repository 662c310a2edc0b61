// pocketsphinx's word lines to transcript words. Recorded speech (the
// LibriVox clips of Debian's pocketsphinx-testdata) makes the US English
// model emit its filler [SPEECH] between words; it was passed on as a word
// ("he was not [SPEECH] an illness those young man").
import { describe, expect, it } from 'vitest';
import { wordsOf } from './engines.ts';

describe('pocketsphinx output', () => {
  it('keeps the words with their times and drops sentence marks, silence and filler words', () => {
    const stdout = [
      '<s> 0.000 0.120 0.998',
      'he 0.130 0.290 0.811',
      'was 0.300 0.520 0.902',
      'not 0.530 0.800 0.950',
      '[SPEECH] 0.810 0.990 0.412',
      'an 1.000 1.100 0.700',
      '<sil> 1.110 1.300 0.999',
      'read(2) 1.310 1.600 0.640',
      '[NOISE] 1.610 1.700 0.300',
      '++BREATH++ 1.710 1.800 0.300',
      '(NULL) 1.810 1.820 1.000',
      '</s> 1.830 1.900 1.000',
      'he was not an read',
    ].join('\n');
    expect(wordsOf(stdout)).toEqual([
      { word: 'he', start: 0.13, end: 0.29 },
      { word: 'was', start: 0.3, end: 0.52 },
      { word: 'not', start: 0.53, end: 0.8 },
      { word: 'an', start: 1, end: 1.1 },
      { word: 'read', start: 1.31, end: 1.6 },
    ]);
  });
});
