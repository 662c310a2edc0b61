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
  for (const ms of samples()) {
    if (!nearTie(ms * 100)) expect(hundredths(ms), String(ms)).toBe(ms.toFixed(2));
    else expect(hundredths(ms)).toMatch(/^\d+\.\d\d$/);
    if (!nearTie(ms * 10)) expect(tenths(ms), String(ms)).toBe(ms.toFixed(1));
    else expect(tenths(ms)).toMatch(/^\d+\.\d$/);
  }
  expect(hundredths(0.995)).toBe('1.00');
  expect(hundredths(12.3)).toBe('12.30');
  expect(tenths(7)).toBe('7.0');
});

