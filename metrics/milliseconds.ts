// Durations written as text without Number's conversion of a double: that is
// a runtime call (toFixed, or a template's DoubleToString), and the /v1 path
// writes three in Server-Timing per call (perf).
// Integer arithmetic gives the same text.

/** ms (>= 0) with two decimals, as toFixed(2) writes it (at an exact tie such as 0.995, rounded up). */
export function hundredths(ms: number): string {
  const n = Math.round(ms * 100);
  const frac = n % 100;
  return `${(n - frac) / 100}.${frac < 10 ? '0' : ''}${frac}`;
}

/** ms (>= 0) with one decimal, as toFixed(1) writes it (a tie rounded up). */
export function tenths(ms: number): string {
  const n = Math.round(ms * 10);
  const frac = n % 10;
  return `${(n - frac) / 10}.${frac}`;
}

