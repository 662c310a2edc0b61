// Which name perf will see at each address once the map is rewritten: the code
// placed there last, with earlier entries it overlaps gone and the rest kept.
import { expect, test } from 'vitest';
import { latestEntries } from './perfMap.ts';

test('a later entry over the same addresses wins; entries nothing overlaps stay, in order', () => {
  const map = [
    '1000 100 JS:~startup node:internal/a:1:1', // 0x1000-0x1100, later covered by handle
    '2000 40 JS:+kept file:///x.ts:1:1',
    '1080 20 JS:*handle file:///app.ts:145:18', // inside the first entry: the newer code there
    '3000 10 Builtins_X',
    '3008 10 JS:+newer file:///y.ts:2:2', // overlaps the builtin's last bytes
    'not a map line',
    '',
  ].join('\n');
  const { lines, dropped } = latestEntries(map);
  expect(lines).toEqual(['2000 40 JS:+kept file:///x.ts:1:1', '1080 20 JS:*handle file:///app.ts:145:18', '3008 10 JS:+newer file:///y.ts:2:2']);
  expect(dropped).toBe(2);
});

test('touching ranges do not overlap, and code compiled again at the same address keeps only its last name', () => {
  const { lines } = latestEntries(['a00 100 first', 'b00 100 next', 'a00 100 again', 'a00 80 last'].join('\n'));
  expect(lines).toEqual(['b00 100 next', 'a00 80 last']);
});
