// How the instructions bench reads a callgrind file: each function's own cost,
// names given once and then referred to by id (as caller or callee), and the
// inclusive cost of a call left to the callee.
import { describe, expect, test } from 'vitest';
import { GC_FUNCTION, irIn } from './instructions.ts';

// A main thread's dump in callgrind's format with name compression: main calls
// the scavenger, whose name is first given as a callee (cfn=) and later reused by id.
const DUMP = `# callgrind format
version: 1
positions: line
events: Ir
summary: 1675

ob=(1) /usr/bin/node
fl=(1) ???
fn=(1) main
0 100
+2 50
cfn=(2) v8::internal::Scavenger::Process(v8::JobDelegate*)
calls=3 0
0 1000
* 25
cfn=(3) Builtins_LoadIC
calls=1 0
0 200

fn=(2)
0 1000

fn=(3)
-1 200
cfn=(4) v8::internal::Heap::CollectGarbage
calls=1 0
0 300
fn=(4)
0 300
`;

describe("the instructions bench's reading of callgrind's files", () => {
  test("every function's own cost adds up to the dump's summary: a call's inclusive cost is not counted twice", () => {
    expect(irIn(DUMP, /./)).toBe(Number(/^summary: (\d+)$/m.exec(DUMP)![1]));
    expect(irIn(DUMP, /./)).toBe(1675);
    expect(irIn(DUMP, /^main$/)).toBe(175);
  });

  test('a function named only as a callee is found when its own costs follow under its id', () => {
    expect(irIn(DUMP, /Scavenger/)).toBe(1000);
    expect(irIn(DUMP, GC_FUNCTION)).toBe(1300);
    expect(irIn(DUMP, /Builtins_LoadIC/)).toBe(200);
  });
});
