import { expect, test } from 'vitest';
import { hundredths, tenths } from './milliseconds.ts';

// Durations as the service measures them: sub-millisecond to minutes, and the edges of rounding.
function samples(): number[] {
  const out = [0, 0.004, 0.005, 0.0049999, 0.995, 0.999, 1, 9.995, 10, 99.99, 100.005, 123456.789];
  let seed = 7;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let i = 0; i < 200_000; i++) out.push(next() * 10 ** Math.floor(next() * 6 - 1));
  return out;
}

// Halfway between two outputs toFixed rounds the double's exact value (0.995 is
// 0.99499...), these the product (99.5): either neighbour is right there.
const nearTie = (scaled: number) => Math.abs((scaled % 1) - 0.5) < 1e-6;

test('hundredths and tenths write what toFixed writes', () => {
  // Mismatches gathered and compared once: an expect() per sample made this test
  // take half a minute on a busy machine.
  const wrong: string[] = [];
  for (const ms of samples()) {
    const h = hundredths(ms);
    const t = tenths(ms);
    if (nearTie(ms * 100) ? !/^\d+\.\d\d$/.test(h) : h !== ms.toFixed(2)) wrong.push(`hundredths(${ms}) = ${h}`);
    if (nearTie(ms * 10) ? !/^\d+\.\d$/.test(t) : t !== ms.toFixed(1)) wrong.push(`tenths(${ms}) = ${t}`);
  }
  expect(wrong).toEqual([]);
  expect(hundredths(0.995)).toBe('1.00');
  expect(hundredths(12.3)).toBe('12.30');
  expect(tenths(7)).toBe('7.0');
});
