import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'generated/**', '.data/**'],
    globalSetup: ['./test/globalSetup.ts'],
    // The default output, then what skipped for a missing system package (test/systemPackages.ts).
    reporters: ['default', './test/skipReporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
