import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/core',
      'apps/server',
      'apps/web',
      // The repository's own tooling (lint rules), in Node.
      { test: { name: 'tools', include: ['tools/**/*.test.ts'], environment: 'node' } },
    ],
    // PGlite instances are heavy: two test files at a time on a 2-core machine.
    maxWorkers: 2,
  },
});
