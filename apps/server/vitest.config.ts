import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are heavy; keep test files in a few workers on a 2-core machine.
    maxWorkers: 2,
  },
});
