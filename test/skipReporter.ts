// The last lines of `npm test`: which tests skipped for a missing system
// package (test/systemPackages.ts) and how to install each, so a green run on a
// machine without them says what it did not test.
import type { Reporter, TestModule } from 'vitest/node';
import { SKIP_NOTE } from './systemPackages.ts';

export function missingPackages(modules: ReadonlyArray<TestModule>): Map<string, { install: string; tests: string[] }> {
  const byPackage = new Map<string, { install: string; tests: string[] }>();
  for (const module of modules) {
    for (const test of module.children.allTests()) {
      const result = test.result();
      if (result.state !== 'skipped' || !result.note?.startsWith(SKIP_NOTE)) continue;
      for (const part of result.note.split('; ')) {
        const m = /^missing system package (\S+): (.*)$/.exec(part);
        if (!m) continue;
        const entry = byPackage.get(m[1]!) ?? { install: m[2]!, tests: [] };
        entry.tests.push(`${module.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName}`);
        byPackage.set(m[1]!, entry);
      }
    }
  }
  return byPackage;
}

export default class SkipReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const missing = missingPackages(modules);
    if (!missing.size) return;
    const packagesOf = new Map<string, string[]>();
    for (const [name, m] of missing) for (const t of m.tests) packagesOf.set(t, [...(packagesOf.get(t) ?? []), name]);
    const tests = [...packagesOf].map(([t, names]) => `  ↓ ${t} (${names.join(', ')})`);
    const lines = ['', 'Skipped for a missing system package (under CI these fail instead):', ...tests];
    for (const [name, { install, tests: skipped }] of missing) lines.push(`Skipped ${skipped.length} test${skipped.length === 1 ? '' : 's'}: ${name} is missing; install it with: ${install}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
